import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CloseIcon, MenuIcon, SearchIcon } from '../internal/icons';
import { IconButton } from './IconButton';
import { Inline } from '../Stack';

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
    <Inline gap={2} wrap={false}>
      <IconButton {...args} variant="ghost" label="Search" icon={<SearchIcon />} />
      <IconButton {...args} variant="secondary" label="Menu" icon={<MenuIcon />} />
      <IconButton {...args} variant="primary" label="Search now" icon={<SearchIcon />} />
      <IconButton {...args} variant="danger" label="Remove" icon={<CloseIcon />} />
    </Inline>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <Inline gap={2} wrap={false}>
      <IconButton {...args} size="sm" />
      <IconButton {...args} size="md" />
      <IconButton {...args} size="lg" />
    </Inline>
  ),
};

export const WithTooltip: Story = { args: { showTooltip: true, variant: 'secondary' } };

export const Disabled: Story = { args: { disabled: true, variant: 'secondary' } };

export const DarkTheme: Story = { ...Variants, parameters: { theme: 'dark' } };
