import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Link } from '../Link';
import { ErrorState } from './ErrorState';

const meta = {
  title: 'Feedback/ErrorState',
  component: ErrorState,
  args: { onRetry: fn() },
} satisfies Meta<typeof ErrorState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Retrying: Story = { args: { retrying: true } };

export const WithDetails: Story = {
  args: {
    title: 'The claims could not be loaded',
    details: 'Request id: 4f2c9a1e-7b5d-4c1a-9e0f-3d2b1a0c9e8f',
    action: <Link href="#overview">Back to overview</Link>,
  },
};

export const WithoutRetry: Story = {
  args: {
    onRetry: undefined,
    title: 'You cannot open this claim',
    description: 'Ask an admin of Acme Outdoor for the manager role.',
  },
};

export const LongContent: Story = {
  args: {
    title: 'The analytics for the selected period could not be computed in time',
    description:
      'Large date ranges at daily granularity can take a while. Try a shorter range or weekly granularity, or try again in a few minutes.',
  },
};

export const DarkTheme: Story = { args: WithDetails.args, parameters: { theme: 'dark' } };
