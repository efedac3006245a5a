import { Alert, Button, Link, TextField } from '@partner-portal/ui-kit';
import { useRef, useState } from 'react';

import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';

import { useRequestPasswordReset } from '../api/forgot-password';
import { AuthForm, AuthLayout, type FormFields } from '../components/auth-layout';
import { apiFieldErrors, emailProblem, formatRetryAfter } from '../components/form-errors';

function requestProblem(error: unknown): string | undefined {
  if (error === null) return undefined;
  if (!(error instanceof ApiError)) {
    return 'We could not reach the server. Check your connection and try again.';
  }
  if (error.status === 429) {
    return `Too many requests for a reset link. Try again ${formatRetryAfter(error.retryAfterSeconds)}.`;
  }
  if (error.status === 400) return undefined;
  return 'Something went wrong on our side. Try again in a moment.';
}

const backToSignIn = <Link href={paths.signIn()}>Back to sign in</Link>;

export function ForgotPasswordRoute() {
  useDocumentTitle('Forgot password');
  const request = useRequestPasswordReset();
  const [emailError, setEmailError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const emailRef = useRef<HTMLInputElement>(null);

  const submit = (fields: FormFields) => {
    const email = fields.text('email').trim();
    const problem = emailProblem(email);
    setEmailError(problem);
    request.reset();
    if (problem) return emailRef.current?.focus();
    request.mutate(
      { email },
      {
        onSuccess: () => setSentTo(email),
        onError: (error) => setEmailError(apiFieldErrors(error, ['email'] as const).email),
      },
    );
  };

  if (sentTo !== undefined) {
    // The same words whether or not an account exists: the page must not tell.
    return (
      <AuthLayout title="Check your email" footer={backToSignIn}>
        <Alert tone="success" title="Reset link sent" announce>
          If an account exists for {sentTo}, we&apos;ve sent a link to choose a new password. The
          link works for 30 minutes. If nothing arrives, check your spam folder or ask again.
        </Alert>
      </AuthLayout>
    );
  }

  const problem = requestProblem(request.error);

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter your email address and we will send you a link to choose a new password."
      footer={backToSignIn}
    >
      <AuthForm label="Request a password reset link" onSubmit={submit}>
        {problem ? (
          <Alert tone="danger" announce>
            {problem}
          </Alert>
        ) : null}
        <TextField
          ref={emailRef}
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          required
          error={emailError}
        />
        <Button type="submit" variant="primary" loading={request.isPending}>
          Send reset link
        </Button>
      </AuthForm>
    </AuthLayout>
  );
}
