import { Alert, Button, Link, PasswordField, TextField } from '@partner-portal/ui-kit';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { landingPath, nextPathFrom } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';

import { useSignIn } from '../api/sign-in';
import { AuthForm, AuthLayout, type FormFields } from '../components/auth-layout';
import { apiFieldErrors, emailProblem, formatRetryAfter } from '../components/form-errors';

type Field = 'email' | 'password';

/** What went wrong, in words; a wrong password and an unknown email read the same. */
function signInProblem(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) {
    return error === null
      ? undefined
      : 'We could not reach the server. Check your connection and try again.';
  }
  if (error.status === 401) return 'The email or password is incorrect.';
  if (error.status === 429) {
    return `Too many sign-in attempts. For your security, try again ${formatRetryAfter(error.retryAfterSeconds)}.`;
  }
  if (error.status === 400) return undefined;
  return 'Something went wrong on our side. Try again in a moment.';
}

export function SignInRoute() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signIn = useSignIn();
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = (fields: FormFields) => {
    const email = fields.text('email').trim();
    const password = fields.text('password');
    const problems: Partial<Record<Field, string>> = {
      email: emailProblem(email),
      password: password === '' ? 'Enter your password.' : undefined,
    };
    setFieldErrors(problems);
    signIn.reset();
    if (problems.email) return emailRef.current?.focus();
    if (problems.password) return passwordRef.current?.focus();

    signIn.mutate(
      { email, password },
      {
        onSuccess: (session) => {
          void navigate(nextPathFrom(searchParams) ?? landingPath(session), { replace: true });
        },
        onError: (error) => {
          setFieldErrors(apiFieldErrors(error, ['email', 'password'] as const));
          if (passwordRef.current) passwordRef.current.value = '';
        },
      },
    );
  };

  const problem = signInProblem(signIn.error);

  return (
    <AuthLayout
      title="Sign in"
      description="Use the email address your partner account was set up with."
      footer={<Link href={paths.forgotPassword()}>Forgot your password?</Link>}
    >
      <AuthForm label="Sign in" onSubmit={submit}>
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
          error={fieldErrors.email}
        />
        <PasswordField
          ref={passwordRef}
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          error={fieldErrors.password}
        />
        <Button type="submit" variant="primary" loading={signIn.isPending}>
          Sign in
        </Button>
      </AuthForm>
    </AuthLayout>
  );
}
