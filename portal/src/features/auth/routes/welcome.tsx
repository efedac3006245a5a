import { Alert, Button, Link, Spinner, TextField } from '@partner-portal/ui-kit';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { type ApiErrorMessages } from '@/lib/api-errors';
import { useDocumentTitle } from '@/lib/document-title';
import { useFieldProblems } from '@/lib/form-problems';
import { roleLabels } from '@/lib/auth';

import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation, type Invitation } from '../api/get-invitation';
import { AuthForm, AuthLayout, AuthNotice, type FormFields } from '../components/auth-layout';
import { NewPasswordFields } from '../components/new-password-fields';
import { TermsCheckbox } from '../components/terms-checkbox';
import { passwordProblems } from '../password/password-rule';

import styles from './welcome.module.css';

const ACCEPT_FAILED = 'We could not create your account. Check your connection and try again.';

/** A 401 is shown beside the password (the e-mail already has an account). */
const acceptMessages: ApiErrorMessages = {
  byStatus: { 401: null, 429: ACCEPT_FAILED },
  network: ACCEPT_FAILED,
  server: ACCEPT_FAILED,
};

const isInvitationGone = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.status === 404 || error.status === 410 || error.code === 'token_invalid');

/** A used, expired or mistyped invitation link. */
function InvalidInvitation() {
  return (
    <AuthNotice
      title="This invitation is no longer valid"
      heading="We can't use this invitation link"
      tone="danger"
      footer={<Link href={paths.signIn()}>Go to sign in</Link>}
    >
      Invitations work once, for 7 days. If you have not joined yet, ask the person who invited you
      to send a new invitation. If you already joined, sign in.
    </AuthNotice>
  );
}

export function WelcomeRoute() {
  useDocumentTitle('Accept your invitation');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const invitation = useInvitation(token);

  if (token === '' || isInvitationGone(invitation.error)) return <InvalidInvitation />;

  if (invitation.isPending) {
    return (
      <AuthLayout title="Accept your invitation">
        <Spinner label="Loading your invitation" size="lg" />
      </AuthLayout>
    );
  }

  if (invitation.isError) {
    return (
      <AuthLayout title="Accept your invitation">
        <Alert
          tone="danger"
          announce
          actions={
            <Button variant="secondary" size="sm" onClick={() => void invitation.refetch()}>
              Try again
            </Button>
          }
        >
          We could not load your invitation. Check your connection and try again.
        </Alert>
      </AuthLayout>
    );
  }

  return <AcceptInvitationForm token={token} invitation={invitation.data} />;
}

function AcceptInvitationForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const form = useFieldProblems(['name', 'password', 'confirmation', 'terms'] as const);
  const [name, setName] = useState('');
  const [termsAccepted, setTermsAccepted] = useState(false);

  if (isInvitationGone(accept.error)) return <InvalidInvitation />;

  const submit = (fields: FormFields) => {
    const trimmedName = fields.text('name').trim();
    const password = fields.text('password');
    accept.reset();
    const valid = form.check({
      name: trimmedName === '' ? 'Enter your name.' : undefined,
      ...passwordProblems({
        password,
        confirmation: fields.text('passwordConfirmation'),
        email: invitation.email,
      }),
      terms: termsAccepted ? undefined : 'Accept the terms of use to continue.',
    });
    if (!valid) return;

    accept.mutate(
      { token, name: trimmedName, password },
      {
        onSuccess: () => {
          void navigate(paths.overview(invitation.partner.slug), { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) {
            // The e-mail already has an account: accepting takes its current password.
            form.setProblems({
              password:
                error.detail ?? 'An account with this e-mail exists: enter its current password.',
            });
            form.focus('password');
            return;
          }
          form.showApiErrors(error);
        },
      },
    );
  };

  return (
    <AuthLayout
      title={`Join ${invitation.partner.name}`}
      description="Tell us your name and choose a password to finish setting up your account. If you already have an account with this e-mail, enter its current password instead."
    >
      <AuthForm
        label="Accept your invitation"
        onSubmit={submit}
        submitLabel="Accept invitation"
        request={accept}
        errorMessages={acceptMessages}
      >
        <dl className={styles.facts}>
          <dt>Partner</dt>
          <dd>{invitation.partner.name}</dd>
          <dt>Email</dt>
          <dd>{invitation.email}</dd>
          <dt>Role</dt>
          <dd>{roleLabels[invitation.role]}</dd>
        </dl>
        <TextField
          ref={form.fieldRef('name')}
          label="Your name"
          name="name"
          autoComplete="name"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={form.problems.name}
        />
        <NewPasswordFields
          label="Password"
          errors={form.problems}
          userInputs={[invitation.email, name, invitation.partner.name]}
          email={invitation.email}
          passwordRef={form.fieldRef('password')}
          confirmationRef={form.fieldRef('confirmation')}
        />
        <TermsCheckbox
          ref={form.fieldRef('terms')}
          checked={termsAccepted}
          onCheckedChange={(checked) => {
            setTermsAccepted(checked);
            if (checked) form.clearProblem('terms');
          }}
          error={form.problems.terms}
        />
      </AuthForm>
    </AuthLayout>
  );
}
