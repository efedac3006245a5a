import { Button, TextField } from '@partner-portal/ui-kit';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';

import { AuthForm, AuthLayout } from '../components/auth-layout';

export function ForgotPasswordRoute() {
  useDocumentTitle('Forgot password');

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter your email address and we will send you a link to choose a new password."
      footer={<Link to={paths.signIn()}>Back to sign in</Link>}
    >
      <AuthForm label="Request a password reset link">
        <TextField label="Email" type="email" name="email" autoComplete="username" required />
        <Button type="submit" variant="primary">
          Send reset link
        </Button>
      </AuthForm>
    </AuthLayout>
  );
}
