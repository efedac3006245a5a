import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button';
import { DialogClose } from '../Dialog';
import { TextField } from '../TextField';
import { Drawer } from './Drawer';
import { Stack } from '../Stack';

const form = (
  <Stack gap={4}>
    <TextField label="SKU" name="sku" />
    <TextField label="Quantity" name="quantity" inputMode="numeric" />
    <TextField label="Reference" name="reference" hint="Movement or shipment reference" />
  </Stack>
);

const meta = {
  title: 'Overlays/Drawer',
  component: Drawer,
  args: {
    title: 'New claim',
    description: 'Claims are saved as drafts until you submit them.',
    trigger: <Button>New claim</Button>,
    children: form,
    footer: (
      <>
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button>Save draft</Button>
      </>
    ),
  },
} satisfies Meta<typeof Drawer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Open: Story = { args: { defaultOpen: true } };

export const FromStart: Story = { args: { defaultOpen: true, side: 'start', size: 'sm' } };

export const RightToLeft: Story = { args: { defaultOpen: true }, parameters: { direction: 'rtl' } };

export const LongContent: Story = {
  args: {
    defaultOpen: true,
    children: (
      <Stack gap={4}>
        {Array.from({ length: 14 }, (_, index) => (
          <TextField key={index} label={`Line ${index + 1} quantity`} />
        ))}
      </Stack>
    ),
  },
};

export const DarkTheme: Story = { args: { defaultOpen: true }, parameters: { theme: 'dark' } };
