import type { Meta, StoryObj } from '@storybook/react-vite';
import { Spinner } from './Spinner';
import { Inline } from '../Stack';

const meta = {
  title: 'Feedback/Spinner',
  component: Spinner,
  args: { label: 'Loading claims' },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Sizes: Story = {
  render: (args) => (
    <Inline gap={4} wrap={false}>
      <Spinner {...args} size="sm" label="Loading small" />
      <Spinner {...args} size="md" label="Loading medium" />
      <Spinner {...args} size="lg" label="Loading large" />
    </Inline>
  ),
};

export const DarkTheme: Story = { parameters: { theme: 'dark' }, args: { size: 'lg' } };
