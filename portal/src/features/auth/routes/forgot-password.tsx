import { useState } from 'react';
import { useLocation } from 'react-router-dom';

import { formatRetryAfter, type ApiErrorMessages } from '@/lib/api-errors';
import { useDocumentTitle } from '@/lib/document-title';
import { emailProblem, useFieldProblems } from '@/lib/form-problems';

import { useRequestPasswordReset } from '../api/forgot-password';
import { AuthForm, AuthLayout, AuthNotice, type FormFields } from '../components/auth-layout';
import { backToSignIn } from '../components/back-to-sign-in';
import { EmailField } from '../components/email-field';

const requestMessages: ApiErrorMessages = {
  byStatus: {
    429: (error) =>
      `Too many requests for a reset link. Try again ${formatRetryAfter(error.retryAfterSeconds)}.`,
  },
};

/** What sign-in's "Forgot your password?" passes along: the e-mail already typed there. */
export interface ForgotPasswordState {
  email?: string;
}

const typedOnSignIn = (state: unknown): string | undefined => {
  const email = (state as ForgotPasswordState | null)?.email;
  return typeof email === 'string' ? email : undefined;
};

export function ForgotPasswordRoute() {
  useDocumentTitle('Forgot password');
  const location = useLocation();
  const request = useRequestPasswordReset();
  const form = useFieldProblems(['email'] as const);
  const [sentTo, setSentTo] = useState<string>();

  const submit = (fields: FormFields) => {
    const email = fields.text('email').trim();
    request.reset();
    if (!form.check({ email: emailProblem(email) })) return;
    request.mutate(
      { email },
      { onSuccess: () => setSentTo(email), onError: (error) => form.showApiErrors(error) },
    );
  };

  if (sentTo !== undefined) {
    // The same words whether or not an account exists: the page must not tell.
    return (
      <AuthNotice
        title="Check your email"
        heading="Reset link sent"
        tone="success"
        footer={backToSignIn}
      >
        If an account exists for {sentTo}, we&apos;ve sent a link to choose a new password. The link
        works for 30 minutes. If nothing arrives, check your spam folder or ask again.
      </AuthNotice>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter your email address and we will send you a link to choose a new password."
      footer={backToSignIn}
    >
      <AuthForm
        label="Request a password reset link"
        onSubmit={submit}
        submitLabel="Send reset link"
        request={request}
        errorMessages={requestMessages}
      >
        <EmailField
          ref={form.fieldRef('email')}
          error={form.problems.email}
          defaultValue={typedOnSignIn(location.state)}
        />
      </AuthForm>
    </AuthLayout>
  );
}
