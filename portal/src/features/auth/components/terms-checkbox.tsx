import { Checkbox } from '@partner-portal/ui-kit';
import type { Ref } from 'react';

export interface TermsCheckboxProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** "I accept the terms of use", required to create an account. */
export function TermsCheckbox({ checked, onCheckedChange, error, ref }: TermsCheckboxProps) {
  return (
    <Checkbox
      ref={ref}
      name="terms"
      value="accepted"
      required
      label="I accept the terms of use and the privacy notice"
      checked={checked}
      onCheckedChange={(state) => onCheckedChange(state === true)}
      error={error}
    />
  );
}
