import { Checkbox, FormField, Stack } from '@partner-portal/ui-kit';

export interface CheckboxGroupProps<Value extends string> {
  label: string;
  options: ReadonlyArray<{ value: Value; label: string; description?: string }>;
  value: readonly Value[];
  onChange: (value: Value[]) => void;
  error?: string;
}

/**
 * Several ui-kit checkboxes under one label (a fieldset-like group named by it): the scopes of a key,
 * the events of a webhook. The values come back in the options' order.
 */
export function CheckboxGroup<Value extends string>({
  label,
  options,
  value,
  onChange,
  error,
}: CheckboxGroupProps<Value>) {
  const toggle = (option: Value, on: boolean) =>
    onChange(
      options
        .map((candidate) => candidate.value)
        .filter((candidate) => (candidate === option ? on : value.includes(candidate))),
    );
  return (
    <FormField label={label} labelling="group" error={error}>
      {(control) => (
        <div
          role="group"
          id={control.id}
          aria-labelledby={control['aria-labelledby']}
          aria-describedby={control['aria-describedby']}
        >
          <Stack gap={2}>
            {options.map((option) => (
              <Checkbox
                key={option.value}
                label={option.label}
                description={option.description}
                checked={value.includes(option.value)}
                onCheckedChange={(checked) => toggle(option.value, checked === true)}
              />
            ))}
          </Stack>
        </div>
      )}
    </FormField>
  );
}
