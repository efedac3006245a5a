import { Alert, Link } from '@partner-portal/ui-kit';
import { useSearchParams } from 'react-router-dom';

import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useFieldProblems } from '@/lib/form-problems';

import { useResetPassword } from '../api/reset-password';
import { AuthForm, AuthLayout, AuthNotice, type FormFields } from '../components/auth-layout';
import { backToSignIn } from '../components/back-to-sign-in';
import { NewPasswordFields } from '../components/new-password-fields';
import { passwordProblems } from '../password/password-rule';

const isTokenInvalid = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'token_invalid';

/** An expired, used or mangled link: say so, and offer a new one. */
function InvalidLink() {
  return (
    <AuthNotice
      title="This link has expired"
      heading="The reset link is no longer valid"
      tone="danger"
      footer={backToSignIn}
    >
      Reset links work once, for 30 minutes, and only the newest one works.{' '}
      <Link href={paths.forgotPassword()}>Ask for a new link</Link>
    </AuthNotice>
  );
}

export function ResetPasswordRoute() {
  useDocumentTitle('Choose a new password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const form = useFieldProblems(['password', 'confirmation'] as const);

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
    reset.reset();
    const found = passwordProblems({ password, confirmation: fields.text('passwordConfirmation') });
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
          passwordRef={form.fieldRef('password')}
          confirmationRef={form.fieldRef('confirmation')}
        />
      </AuthForm>
    </AuthLayout>
  );
}
