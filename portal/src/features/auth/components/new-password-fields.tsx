import { TextField } from '@partner-portal/ui-kit';
import { useId, useState, type Ref } from 'react';

import { passwordHint } from '../password/password-rule';

import { PasswordStrength } from './password-strength';

export interface NewPasswordFieldsProps {
  /** Label of the first field. */
  label?: string;
  errors: { password?: string; confirmation?: string };
  /** The person's own details, which make a password easy to guess. */
  userInputs?: string[];
  passwordRef?: Ref<HTMLInputElement>;
  confirmationRef?: Ref<HTMLInputElement>;
}

/** A new password, its strength, and the same password again (fields `password`, `passwordConfirmation`). */
export function NewPasswordFields({
  label = 'New password',
  errors,
  userInputs,
  passwordRef,
  confirmationRef,
}: NewPasswordFieldsProps) {
  const [password, setPassword] = useState('');
  const strengthId = useId();

  return (
    <>
      <TextField
        ref={passwordRef}
        label={label}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        hint={passwordHint}
        error={errors.password}
        aria-describedby={strengthId}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <PasswordStrength id={strengthId} password={password} userInputs={userInputs} />
      <TextField
        ref={confirmationRef}
        label={`Repeat the ${label.toLowerCase()}`}
        type="password"
        name="passwordConfirmation"
        autoComplete="new-password"
        required
        error={errors.confirmation}
      />
    </>
  );
}
