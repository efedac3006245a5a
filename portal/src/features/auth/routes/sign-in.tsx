import { Button, TextField } from '@partner-portal/ui-kit';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';

import { AuthForm, AuthLayout } from '../components/auth-layout';

export function SignInRoute() {
  useDocumentTitle('Sign in');

  return (
    <AuthLayout
      title="Sign in"
      description="Use the email address your partner account was set up with."
      footer={<Link to={paths.forgotPassword()}>Forgot your password?</Link>}
    >
      <AuthForm label="Sign in">
        <TextField label="Email" type="email" name="email" autoComplete="username" required />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
        />
        <Button type="submit" variant="primary">
          Sign in
        </Button>
      </AuthForm>
    </AuthLayout>
  );
}
