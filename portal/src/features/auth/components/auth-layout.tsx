import { Button, Card, PageHeader } from '@partner-portal/ui-kit';
import { type FormEvent, type ReactNode } from 'react';

import { type ApiErrorMessages } from '@/lib/api-errors';
import { ApiProblemAlert } from '@/lib/api-problem-alert';

import styles from './auth-layout.module.css';

export interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  /** Links below the card, such as "Back to sign in". */
  footer?: ReactNode;
  children: ReactNode;
}

/** The signed-out screens: one centred card under the product's name. */
export function AuthLayout({ title, description, footer, children }: AuthLayoutProps) {
  return (
    <main className={styles.page}>
      <div className={styles.column}>
        <p className={styles.brand}>Partner Portal</p>
        <PageHeader title={title} description={description} />
        <Card>{children}</Card>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </main>
  );
}

/** The values of a submitted form, by field name. */
export interface FormFields {
  /** The value of a text field; '' when there is none. */
  text(name: string): string;
}

function formFields(form: HTMLFormElement): FormFields {
  return {
    text: (name) => {
      const element = form.elements.namedItem(name);
      return element instanceof HTMLInputElement ? element.value : '';
    },
  };
}

export interface AuthFormProps {
  /** Names the form for assistive technology. */
  label: string;
  /** Receives the form's fields. */
  onSubmit: (fields: FormFields) => void;
  /** The text of the submit button. */
  submitLabel: string;
  /** While the request is on its way: a busy submit button. */
  pending: boolean;
  /** The failed request, announced above the fields. */
  error?: unknown;
  /** The screen's own words for some failures. */
  errorMessages?: ApiErrorMessages;
  /** The fields. */
  children: ReactNode;
}

/**
 * The forms are sent by script only: a native submit would put the password into this page's URL,
 * so it never happens. Fields are checked by the screen, which names each problem beside its field
 * (the browser's own bubbles vanish and are not announced reliably); a failed request is announced
 * above the fields.
 */
export function AuthForm({
  label,
  onSubmit,
  submitLabel,
  pending,
  error,
  errorMessages,
  children,
}: AuthFormProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(formFields(event.currentTarget));
  };
  return (
    <form
      method="post"
      aria-label={label}
      className={styles.form}
      noValidate
      onSubmit={handleSubmit}
    >
      <ApiProblemAlert error={error} messages={errorMessages} />
      {children}
      <Button type="submit" variant="primary" loading={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}
