import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CloseIcon, MenuIcon, SearchIcon } from '../internal/icons';
import { IconButton } from './IconButton';

const meta = {
  title: 'Actions/IconButton',
  component: IconButton,
  args: { label: 'Close', icon: <CloseIcon />, onClick: fn() },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: '0.5rem' }}>
      <IconButton {...args} variant="ghost" label="Search" icon={<SearchIcon />} />
      <IconButton {...args} variant="secondary" label="Menu" icon={<MenuIcon />} />
      <IconButton {...args} variant="primary" label="Search now" icon={<SearchIcon />} />
      <IconButton {...args} variant="danger" label="Remove" icon={<CloseIcon />} />
    </div>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
      <IconButton {...args} size="sm" />
      <IconButton {...args} size="md" />
      <IconButton {...args} size="lg" />
    </div>
  ),
};

export const WithTooltip: Story = { args: { showTooltip: true, variant: 'secondary' } };

export const Disabled: Story = { args: { disabled: true, variant: 'secondary' } };

export const DarkTheme: Story = { ...Variants, parameters: { theme: 'dark' } };
