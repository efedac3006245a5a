import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { Button } from '../Button';
import { ToastProvider, useToast, type ToastOptions } from './Toast';

function Demo({ options, showOnMount = false }: { options: ToastOptions; showOnMount?: boolean }) {
  const { toast } = useToast();
  useEffect(() => {
    if (showOnMount) toast(options);
  }, [showOnMount, toast, options]);
  return <Button onClick={() => toast(options)}>Show notification</Button>;
}

const meta = {
  title: 'Feedback/Toast',
  component: ToastProvider,
  args: { children: null, duration: 600_000 },
  render: (args, { parameters }) => (
    <ToastProvider {...args}>
      <Demo
        options={parameters['toast'] as ToastOptions}
        showOnMount={parameters['showOnMount'] === true}
      />
    </ToastProvider>
  ),
  parameters: {
    toast: {
      title: 'Claim submitted',
      description: 'We will review it within 5 days.',
      tone: 'success',
    },
  },
} satisfies Meta<typeof ToastProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Shown: Story = { parameters: { showOnMount: true } };

export const WithAction: Story = {
  parameters: {
    showOnMount: true,
    toast: {
      title: 'Draft deleted',
      action: { label: 'Undo', altText: 'Undo from the claim list', onClick: () => undefined },
    },
  },
};

export const ErrorToast: Story = {
  parameters: {
    showOnMount: true,
    toast: { title: 'Could not save the draft', description: 'Try again.', tone: 'danger' },
  },
};

export const DarkTheme: Story = { parameters: { showOnMount: true, theme: 'dark' } };
