import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { ConfirmDialog } from './ConfirmDialog';

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    title: 'Delete this draft?',
    description: 'The draft claim and its evidence files are removed. This cannot be undone.',
    confirmLabel: 'Delete draft',
    tone: 'danger',
    onConfirm: fn(),
    trigger: <Button variant="danger">Delete draft</Button>,
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Open: Story = { args: { defaultOpen: true } };

export const Primary: Story = {
  args: {
    defaultOpen: true,
    tone: 'primary',
    title: 'Submit claim CLM-2026-0042?',
    description: 'After submitting you can no longer edit it; you can still withdraw it.',
    confirmLabel: 'Submit claim',
  },
};

export const Loading: Story = { args: { defaultOpen: true, loading: true } };

export const WithError: Story = {
  args: {
    defaultOpen: true,
    children: (
      <Alert tone="danger" title="The draft could not be deleted">
        Check your connection and try again.
      </Alert>
    ),
  },
};

export const DarkTheme: Story = { args: { defaultOpen: true }, parameters: { theme: 'dark' } };
