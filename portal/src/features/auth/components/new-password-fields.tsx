import { PasswordField } from '@partner-portal/ui-kit';
import { useState, type Ref } from 'react';

import { passwordHint } from '../password/password-rule';

import { PasswordStrengthFeedback } from './password-strength';

export interface NewPasswordFieldsProps {
  /** Label of the first field. */
  label?: string;
  errors: { password?: string; confirmation?: string };
  /** The person's own details, which make a password easy to guess. */
  userInputs?: string[];
  /** The account's e-mail, when the screen knows it: the server refuses its local part. */
  email?: string;
  passwordRef?: Ref<HTMLInputElement>;
  confirmationRef?: Ref<HTMLInputElement>;
}

/** A new password, its strength, and the same password again (fields `password`, `passwordConfirmation`). */
export function NewPasswordFields({
  label = 'New password',
  errors,
  userInputs,
  email,
  passwordRef,
  confirmationRef,
}: NewPasswordFieldsProps) {
  const [password, setPassword] = useState('');

  return (
    <>
      <PasswordField
        ref={passwordRef}
        label={label}
        name="password"
        autoComplete="new-password"
        required
        hint={passwordHint}
        error={errors.password}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        strength={
          <PasswordStrengthFeedback password={password} userInputs={userInputs} email={email} />
        }
      />
      <PasswordField
        ref={confirmationRef}
        label={`Repeat the ${label.toLowerCase()}`}
        toggleLabel="Show the repeated password"
        name="passwordConfirmation"
        autoComplete="new-password"
        required
        error={errors.confirmation}
      />
    </>
  );
}
