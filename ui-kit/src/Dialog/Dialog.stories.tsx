import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button';
import { TextField } from '../TextField';
import { Dialog, DialogClose } from './Dialog';

const meta = {
  title: 'Overlays/Dialog',
  component: Dialog,
  args: {
    title: 'Answer the information request',
    description: 'The reviewer asked for photos of the damaged cartons.',
    trigger: <Button>Answer request</Button>,
    children: <TextField label="Message to the reviewer" />,
    footer: (
      <>
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button>Send answer</Button>
      </>
    ),
  },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Open: Story = { args: { defaultOpen: true } };

export const Small: Story = {
  args: { defaultOpen: true, size: 'sm', description: undefined, children: 'Saved.' },
};

export const LongContent: Story = {
  args: {
    defaultOpen: true,
    size: 'lg',
    title: 'Terms for claims about inbound shipments received short against the notice',
    children: Array.from({ length: 20 }, (_, index) => (
      <p key={index}>
        Clause {index + 1}: a claim must be filed within 60 days of the receipt date, with the
        carrier&apos;s delivery note and the advance shipping notice attached.
      </p>
    )),
  },
};

export const DarkTheme: Story = { args: { defaultOpen: true }, parameters: { theme: 'dark' } };
