import { TextField } from '@partner-portal/ui-kit';
import type { Ref } from 'react';

export interface EmailFieldProps {
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** The account's e-mail address (field `email`), as password managers expect it. */
export function EmailField({ error, ref }: EmailFieldProps) {
  return (
    <TextField
      ref={ref}
      label="Email"
      type="email"
      name="email"
      autoComplete="username"
      required
      error={error}
    />
  );
}
