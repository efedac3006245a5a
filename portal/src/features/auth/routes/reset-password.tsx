import { Button, TextField } from '@partner-portal/ui-kit';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';

import { AuthForm, AuthLayout } from '../components/auth-layout';

export function ResetPasswordRoute() {
  useDocumentTitle('Choose a new password');

  return (
    <AuthLayout
      title="Choose a new password"
      description="Pick a password you do not use anywhere else."
      footer={<Link to={paths.signIn()}>Back to sign in</Link>}
    >
      <AuthForm label="Choose a new password">
        <TextField
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
        />
        <TextField
          label="Repeat the new password"
          type="password"
          name="passwordConfirmation"
          autoComplete="new-password"
          required
        />
        <Button type="submit" variant="primary">
          Save new password
        </Button>
      </AuthForm>
    </AuthLayout>
  );
}
