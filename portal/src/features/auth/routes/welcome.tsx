import { Button, TextField } from '@partner-portal/ui-kit';

import { useDocumentTitle } from '@/lib/document-title';

import { AuthForm, AuthLayout } from '../components/auth-layout';

export function WelcomeRoute() {
  useDocumentTitle('Accept your invitation');

  return (
    <AuthLayout
      title="Accept your invitation"
      description="Tell us your name and choose a password to join your team on Partner Portal."
    >
      <AuthForm label="Accept your invitation">
        <TextField label="Your name" name="name" autoComplete="name" required />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
        />
        <Button type="submit" variant="primary">
          Accept invitation
        </Button>
      </AuthForm>
    </AuthLayout>
  );
}
