import { Alert, Button, Card, PageHeader } from '@partner-portal/ui-kit';
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

export interface AuthNoticeProps {
  title: string;
  /** The notice's own heading, in the card. */
  heading?: string;
  tone: 'danger' | 'success';
  footer?: ReactNode;
  children: ReactNode;
}

/** A signed-out screen that only tells something: a link that no longer works, an e-mail sent. */
export function AuthNotice({ title, heading, tone, footer, children }: AuthNoticeProps) {
  return (
    <AuthLayout title={title} footer={footer}>
      <Alert tone={tone} title={heading} announce>
        {children}
      </Alert>
    </AuthLayout>
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
