import type { Meta, StoryObj } from '@storybook/react-vite';
import fieldStyles from '../internal/Field.module.css';
import { FormField } from './FormField';

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
      <div style={{ maxWidth: '24rem' }}>
        <Story />
      </div>
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
