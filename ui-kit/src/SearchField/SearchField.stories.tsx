import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SearchField } from './SearchField';
import { StoryFrame } from '../test-utils/StoryFrame';

const meta = {
  title: 'Forms/SearchField',
  component: SearchField,
  args: { label: 'Search inventory', placeholder: 'SKU, name or barcode', onSearch: fn() },
  decorators: [
    (Story) => (
      <StoryFrame width={22}>
        <Story />
      </StoryFrame>
    ),
  ],
} satisfies Meta<typeof SearchField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithValue: Story = { args: { defaultValue: 'TENT-2P' } };

export const VisibleLabel: Story = {
  args: { hideLabel: false, hint: 'Matches the start of SKUs and barcodes.' },
};

export const Small: Story = { args: { size: 'sm' } };

export const DarkTheme: Story = { args: { defaultValue: 'lamp' }, parameters: { theme: 'dark' } };
