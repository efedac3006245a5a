import { Alert, Button, Link } from '@partner-portal/ui-kit';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';

import { useResetPassword } from '../api/reset-password';
import { AuthForm, AuthLayout, type FormFields } from '../components/auth-layout';
import { apiFieldErrors } from '../components/form-errors';
import { NewPasswordFields } from '../components/new-password-fields';
import { passwordProblems, type PasswordProblems } from '../password/password-rule';

const backToSignIn = <Link href={paths.signIn()}>Back to sign in</Link>;

const isTokenInvalid = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'token_invalid';

function resetProblem(error: unknown): string | undefined {
  if (error === null || isTokenInvalid(error)) return undefined;
  if (!(error instanceof ApiError)) {
    return 'We could not reach the server. Check your connection and try again.';
  }
  if (error.status === 400) return undefined;
  return 'Something went wrong on our side. Try again in a moment.';
}

/** An expired, used or mangled link: say so, and offer a new one. */
function InvalidLink() {
  return (
    <AuthLayout title="This link has expired" footer={backToSignIn}>
      <Alert tone="danger" title="The reset link is no longer valid" announce>
        Reset links work once, for 30 minutes, and only the newest one works.{' '}
        <Link href={paths.forgotPassword()}>Ask for a new link</Link>
      </Alert>
    </AuthLayout>
  );
}

export function ResetPasswordRoute() {
  useDocumentTitle('Choose a new password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const [problems, setProblems] = useState<PasswordProblems>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);

  if (token === '' || isTokenInvalid(reset.error)) return <InvalidLink />;

  if (reset.isSuccess) {
    return (
      <AuthLayout title="Your password has been changed">
        <Alert tone="success" announce>
          You have been signed out everywhere. Sign in with your new password to continue.
        </Alert>
        <Link href={paths.signIn()} variant="standalone">
          Sign in
        </Link>
      </AuthLayout>
    );
  }

  const submit = (fields: FormFields) => {
    const password = fields.text('password');
    const found = passwordProblems({
      password,
      confirmation: fields.text('passwordConfirmation'),
    });
    setProblems(found);
    reset.reset();
    if (found.password) return passwordRef.current?.focus();
    if (found.confirmation) return confirmationRef.current?.focus();
    reset.mutate(
      { token, password },
      {
        onError: (error) => {
          setProblems(apiFieldErrors(error, ['password'] as const));
          passwordRef.current?.focus();
        },
      },
    );
  };

  const problem = resetProblem(reset.error);

  return (
    <AuthLayout
      title="Choose a new password"
      description="Pick a password you do not use anywhere else. Signing in again will be needed on every device."
      footer={backToSignIn}
    >
      <AuthForm label="Choose a new password" onSubmit={submit}>
        {problem ? (
          <Alert tone="danger" announce>
            {problem}
          </Alert>
        ) : null}
        <NewPasswordFields
          errors={problems}
          passwordRef={passwordRef}
          confirmationRef={confirmationRef}
        />
        <Button type="submit" variant="primary" loading={reset.isPending}>
          Save new password
        </Button>
      </AuthForm>
    </AuthLayout>
  );
}
