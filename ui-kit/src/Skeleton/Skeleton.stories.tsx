import type { Meta, StoryObj } from '@storybook/react-vite';
import { Card } from '../Card';
import { Skeleton } from './Skeleton';

const meta = {
  title: 'Feedback/Skeleton',
  component: Skeleton,
  args: { width: '16rem' },
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Text: Story = {};

export const Paragraph: Story = { args: { lines: 3, width: undefined } };

export const Shapes: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: '1rem', alignItems: 'center' }}>
      <Skeleton shape="circle" height={40} />
      <Skeleton shape="rect" width={240} height={120} />
    </div>
  ),
};

export const LoadingCard: Story = {
  render: () => (
    <div aria-busy="true" style={{ maxWidth: '20rem' }}>
      <Card title="Open claims">
        <Skeleton height="2rem" width="50%" />
        <div style={{ marginTop: '0.75rem' }}>
          <Skeleton lines={2} />
        </div>
      </Card>
    </div>
  ),
};

export const DarkTheme: Story = { ...LoadingCard, parameters: { theme: 'dark' } };
