import type { Meta, StoryObj } from '@storybook/react-vite';
import { Card } from '../Card';
import { Skeleton } from './Skeleton';
import { Inline, Stack } from '../Stack';
import { StoryFrame } from '../test-utils/StoryFrame';

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
    <Inline gap={4} wrap={false}>
      <Skeleton shape="circle" height={40} />
      <Skeleton shape="rect" width={240} height={120} />
    </Inline>
  ),
};

export const LoadingCard: Story = {
  render: () => (
    <StoryFrame width={20} aria-busy="true">
      <Card title="Open claims">
        <Stack gap={3}>
          <Skeleton height="2rem" width="50%" />
          <Skeleton lines={2} />
        </Stack>
      </Card>
    </StoryFrame>
  ),
};

export const DarkTheme: Story = { ...LoadingCard, parameters: { theme: 'dark' } };
