import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Combobox, type ComboboxOption } from './Combobox';
import { StoryFrame } from '../test-utils/StoryFrame';

const items: ComboboxOption[] = [
  { value: 'tent-2p', label: 'TENT-2P', description: 'Two-person tent' },
  { value: 'tent-4p', label: 'TENT-4P', description: 'Four-person tent' },
  { value: 'lamp-usb', label: 'LAMP-USB', description: 'Rechargeable camping lamp' },
  { value: 'stove-gas', label: 'STOVE-GAS', description: 'Gas stove' },
  { value: 'mat-xl', label: 'MAT-XL', description: 'Sleeping mat, extra long' },
];

const searchItems = (query: string, signal: AbortSignal) =>
  new Promise<ComboboxOption[]>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        resolve(
          items.filter((item) =>
            `${item.label} ${item.description}`.toLowerCase().includes(query.toLowerCase()),
          ),
        ),
      300,
    );
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });

const meta = {
  title: 'Forms/Combobox',
  component: Combobox,
  args: {
    label: 'Item',
    value: null,
    onChange: () => undefined,
    placeholder: 'Search SKU or name',
  },
  render: function Render(args) {
    const [value, setValue] = useState<ComboboxOption | null>(args.value);
    return <Combobox {...args} value={value} onChange={setValue} />;
  },
  decorators: [
    (Story) => (
      <StoryFrame width={22} room>
        <Story />
      </StoryFrame>
    ),
  ],
} satisfies Meta<typeof Combobox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Async: Story = {
  args: { loadOptions: searchItems, hint: 'Type at least one character.' },
};

export const StaticOptions: Story = { args: { options: items } };

export const Selected: Story = { args: { options: items, value: items[2] ?? null } };

export const WithError: Story = {
  args: { options: items, required: true, error: 'Choose the item of the claim.' },
};

export const Disabled: Story = {
  args: { options: items, value: items[0] ?? null, disabled: true },
};

export const DarkTheme: Story = { args: { options: items }, parameters: { theme: 'dark' } };
