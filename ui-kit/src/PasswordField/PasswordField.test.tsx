import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { itRendersEveryStoryAccessibly } from '../test-utils/stories';
import * as stories from './PasswordField.stories';
import { PasswordField, PasswordStrength } from './PasswordField';

describe('PasswordField', () => {
  itRendersEveryStoryAccessibly(stories);

  it('shows and hides the password with a toggle button', async () => {
    render(<PasswordField label="Password" />);
    const input = screen.getByLabelText('Password', { selector: 'input' });
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(input).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.type(input, 'hunter2');
    await userEvent.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(input).toHaveValue('hunter2');
    await userEvent.keyboard(' ');
    expect(input).toHaveAttribute('type', 'password');
  });

  it('describes the input with the strength feedback', () => {
    render(
      <PasswordField
        label="New password"
        hint="12+ characters"
        strength={<PasswordStrength score={3} />}
      />,
    );
    const input = screen.getByLabelText('New password', { selector: 'input' });
    expect(input).toHaveAccessibleDescription('12+ characters Password strength: Strong');
  });
});
