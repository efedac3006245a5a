import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProgressBar } from './ProgressBar';
import { StoryFrame } from '../test-utils/StoryFrame';

const meta = {
  title: 'Feedback/ProgressBar',
  component: ProgressBar,
  args: { label: 'Uploading evidence', value: 40 },
  decorators: [
    (Story) => (
      <StoryFrame width={24}>
        <Story />
      </StoryFrame>
    ),
  ],
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Indeterminate: Story = { args: { value: undefined, label: 'Preparing export' } };

export const ValueText: Story = {
  args: { label: 'Filing window', value: 52, max: 60, valueText: '8 days left', tone: 'warning' },
};

export const Complete: Story = { args: { value: 100, tone: 'success', label: 'Upload complete' } };

export const HiddenLabel: Story = { args: { hideLabel: true, size: 'sm' } };

export const DarkTheme: Story = { args: ValueText.args, parameters: { theme: 'dark' } };
