import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button';
import { Card } from '../Card';
import { Inline, Stack } from './Stack';

const meta = {
  title: 'Layout/Stack',
  component: Stack,
  args: { gap: 4 },
} satisfies Meta<typeof Stack>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Vertical: Story = {
  render: (args) => (
    <Stack {...args}>
      <Card title="Open claims">24</Card>
      <Card title="Awaiting your action">3</Card>
    </Stack>
  ),
};

export const InlineRow: Story = {
  render: () => (
    <Inline gap={2} justify="end">
      <Button variant="secondary">Cancel</Button>
      <Button>Save</Button>
    </Inline>
  ),
};

export const AsList: Story = {
  render: () => (
    <Stack as="ul" gap={2} aria-label="Warehouses">
      <li>Rotterdam</li>
      <li>Leipzig</li>
      <li>Milan</li>
    </Stack>
  ),
};

export const DarkTheme: Story = { ...Vertical, parameters: { theme: 'dark' } };
