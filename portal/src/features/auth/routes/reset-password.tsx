import { Alert, Button, Link, Spinner } from '@partner-portal/ui-kit';
import { useSearchParams } from 'react-router-dom';

import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { describeApiError } from '@/lib/api-errors';
import { useDocumentTitle } from '@/lib/document-title';
import { useFieldProblems } from '@/lib/form-problems';

import { usePasswordReset } from '../api/get-password-reset';
import { useResetPassword } from '../api/reset-password';
import { AuthForm, AuthLayout, AuthNotice, type FormFields } from '../components/auth-layout';
import { backToSignIn } from '../components/back-to-sign-in';
import { NewPasswordFields } from '../components/new-password-fields';
import { passwordProblems } from '../password/password-rule';

const CHECK_FAILED = 'We could not check your reset link. Check your connection and try again.';

const isTokenInvalid = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'token_invalid';

/** An expired, used or mangled link: say so, and offer a new one. */
function InvalidLink() {
  return (
    <AuthNotice
      title="This link has expired or was already used"
      heading="The reset link is no longer valid"
      tone="danger"
      footer={backToSignIn}
    >
      Reset links work once, for 30 minutes, and only the newest one works.{' '}
      <Link href={paths.forgotPassword()}>Ask for a new link</Link>
    </AuthNotice>
  );
}

/**
 * The link is checked before the form is shown (without using it): a used or expired one says so at
 * once, and a live one names its account, whose e-mail the strength meter applies.
 */
export function ResetPasswordRoute() {
  useDocumentTitle('Choose a new password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const link = usePasswordReset(token);

  if (token === '' || isTokenInvalid(link.error)) return <InvalidLink />;

  if (link.isPending) {
    return (
      <AuthLayout title="Choose a new password">
        <Spinner label="Checking your reset link" size="lg" />
      </AuthLayout>
    );
  }

  if (link.isError) {
    return (
      <AuthLayout title="Choose a new password" footer={backToSignIn}>
        <Alert
          tone="danger"
          announce
          actions={
            <Button variant="secondary" size="sm" onClick={() => void link.refetch()}>
              Try again
            </Button>
          }
        >
          {describeApiError(link.error, { network: CHECK_FAILED, server: CHECK_FAILED })?.message}
        </Alert>
      </AuthLayout>
    );
  }

  return <ResetPasswordForm token={token} email={link.data.email} />;
}

function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const reset = useResetPassword();
  const form = useFieldProblems(['password', 'confirmation'] as const);

  if (isTokenInvalid(reset.error)) return <InvalidLink />;

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
    reset.reset();
    const found = passwordProblems({
      password,
      confirmation: fields.text('passwordConfirmation'),
      email,
    });
    if (!form.check(found)) return;
    reset.mutate(
      { token, password },
      {
        onError: (error) => {
          form.showApiErrors(error);
          form.focus('password');
        },
      },
    );
  };

  return (
    <AuthLayout
      title="Choose a new password"
      description="Pick a password you do not use anywhere else. Signing in again will be needed on every device."
      footer={backToSignIn}
    >
      <AuthForm
        label="Choose a new password"
        onSubmit={submit}
        submitLabel="Save new password"
        request={reset}
      >
        <NewPasswordFields
          errors={form.problems}
          userInputs={[email]}
          email={email}
          passwordRef={form.fieldRef('password')}
          confirmationRef={form.fieldRef('confirmation')}
        />
      </AuthForm>
    </AuthLayout>
  );
}
