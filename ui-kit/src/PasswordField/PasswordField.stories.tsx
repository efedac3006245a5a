import type { Meta, StoryObj } from '@storybook/react-vite';
import { PasswordField, PasswordStrength } from './PasswordField';
import { StoryFrame } from '../test-utils/StoryFrame';

const meta = {
  title: 'Forms/PasswordField',
  component: PasswordField,
  args: { label: 'Password', autoComplete: 'current-password' },
  decorators: [
    (Story) => (
      <StoryFrame width={24}>
        <Story />
      </StoryFrame>
    ),
  ],
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const NewPasswordWithStrength: Story = {
  args: {
    label: 'New password',
    autoComplete: 'new-password',
    hint: 'At least 12 characters.',
    defaultValue: 'correct horse',
    strength: <PasswordStrength score={2} />,
  },
};

export const Strong: Story = {
  args: {
    label: 'New password',
    defaultValue: 'correct horse battery staple',
    strength: <PasswordStrength score={4} />,
  },
};

export const WithError: Story = {
  args: { error: 'Email or password is incorrect.', defaultValue: 'secret' },
};

export const Disabled: Story = { args: { disabled: true } };

export const DarkTheme: Story = {
  args: NewPasswordWithStrength.args,
  parameters: { theme: 'dark' },
};
