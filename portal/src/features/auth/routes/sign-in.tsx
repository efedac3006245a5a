import { Link, PasswordField } from '@partner-portal/ui-kit';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { paths } from '@/config/paths';
import { formatRetryAfter, type ApiErrorMessages } from '@/lib/api-errors';
import { landingPath, nextPathFrom } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { emailProblem, useFieldProblems } from '@/lib/form-problems';

import { useSignIn } from '../api/sign-in';
import { AuthForm, AuthLayout, type FormFields } from '../components/auth-layout';
import { EmailField } from '../components/email-field';

import type { ForgotPasswordState } from './forgot-password';

/** A wrong password and an unknown email read the same. */
const signInMessages: ApiErrorMessages = {
  byStatus: {
    401: 'The email or password is incorrect.',
    429: (error) =>
      `Too many sign-in attempts. For your security, try again ${formatRetryAfter(error.retryAfterSeconds)}.`,
  },
};

export function SignInRoute() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signIn = useSignIn();
  const form = useFieldProblems(['email', 'password'] as const);

  const submit = (fields: FormFields) => {
    const email = fields.text('email').trim();
    const password = fields.text('password');
    signIn.reset();
    const valid = form.check({
      email: emailProblem(email),
      password: password === '' ? 'Enter your password.' : undefined,
    });
    if (!valid) return;

    signIn.mutate(
      { email, password },
      {
        onSuccess: (session) => {
          void navigate(nextPathFrom(searchParams) ?? landingPath(session), { replace: true });
        },
        onError: (error) => {
          form.showApiErrors(error);
          const passwordInput = form.element('password');
          if (passwordInput instanceof HTMLInputElement) passwordInput.value = '';
        },
      },
    );
  };

  return (
    <AuthLayout
      title="Sign in"
      description="Use the email address your partner account was set up with."
      footer={
        <Link
          href={paths.forgotPassword()}
          onClick={(event) => {
            // The e-mail typed here goes along (in the history entry's state, not the URL).
            const typed = form.element('email');
            const email = typed instanceof HTMLInputElement ? typed.value.trim() : '';
            if (email === '') return;
            event.preventDefault();
            void navigate(paths.forgotPassword(), {
              state: { email } satisfies ForgotPasswordState,
            });
          }}
        >
          Forgot your password?
        </Link>
      }
    >
      <AuthForm
        label="Sign in"
        onSubmit={submit}
        submitLabel="Sign in"
        request={signIn}
        errorMessages={signInMessages}
      >
        <EmailField ref={form.fieldRef('email')} error={form.problems.email} />
        <PasswordField
          ref={form.fieldRef('password')}
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          error={form.problems.password}
        />
      </AuthForm>
    </AuthLayout>
  );
}
