import type { Meta, StoryObj } from '@storybook/react-vite';
import fieldStyles from '../internal/Field.module.css';
import { FormField } from './FormField';
import { StoryFrame } from '../test-utils/StoryFrame';

const meta = {
  title: 'Forms/FormField',
  component: FormField,
  args: {
    label: 'Colour',
    hint: 'Any control can be labelled through FormField.',
    children: (props) => (
      <input type="color" className={fieldStyles.control} defaultValue="#0b5fcc" {...props} />
    ),
  },
  decorators: [
    (Story) => (
      <StoryFrame width={24}>
        <Story />
      </StoryFrame>
    ),
  ],
} satisfies Meta<typeof FormField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithError: Story = {
  args: { error: 'Pick a colour with enough contrast.', required: true },
};

export const DarkTheme: Story = { args: WithError.args, parameters: { theme: 'dark' } };

/** The control first, then its label and hint: how Checkbox and Switch are built. */
export const InlineLayout: Story = {
  args: {
    label: 'Email me when a claim changes',
    hint: 'At most one email a day.',
    layout: 'inline',
    children: (props) => <input type="checkbox" {...props} />,
  },
};

/** The label names a group of controls through `aria-labelledby` (RadioGroup, DateRangePicker). */
export const GroupLabelling: Story = {
  args: {
    label: 'Delivery window',
    hint: "Both times in the warehouse's time zone.",
    labelling: 'group',
    hintPlacement: 'label',
    children: (props) => (
      <div role="group" {...props}>
        <input type="time" aria-label="From" className={fieldStyles.control} />
        <input type="time" aria-label="To" className={fieldStyles.control} />
      </div>
    ),
  },
};
