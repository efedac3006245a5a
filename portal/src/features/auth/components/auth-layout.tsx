import { Button, Card, Link, PageHeader } from '@partner-portal/ui-kit';
import { type FormEvent, type ReactNode } from 'react';

import { paths } from '@/config/paths';
import { type ApiErrorMessages } from '@/lib/api-errors';
import { ApiProblemAlert } from '@/lib/api-problem-alert';
import { RouterLink } from '@/lib/router-link';

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

/** The way back from the password screens. */
export const backToSignIn = (
  <Link as={RouterLink} href={paths.signIn()}>
    Back to sign in
  </Link>
);

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
  /** The form's request (a mutation): busy while it is on its way, its failure announced above the fields. */
  request: { isPending: boolean; error: unknown };
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
  request,
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
      <ApiProblemAlert error={request.error} messages={errorMessages} />
      {children}
      <Button type="submit" variant="primary" loading={request.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
