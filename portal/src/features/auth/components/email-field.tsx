import { TextField } from '@partner-portal/ui-kit';
import type { Ref } from 'react';

export interface EmailFieldProps {
  error?: string;
  ref?: Ref<HTMLInputElement>;
  /** What the person already typed on the screen before (sign-in's, on forgot-password). */
  defaultValue?: string;
}

/** The account's e-mail address (field `email`), as password managers expect it. */
export function EmailField({ error, ref, defaultValue }: EmailFieldProps) {
  return (
    <TextField
      ref={ref}
      label="Email"
      type="email"
      name="email"
      autoComplete="username"
      required
      error={error}
      defaultValue={defaultValue}
    />
  );
}
