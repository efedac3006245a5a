import { Alert, Button, Link, Spinner, TextField } from '@partner-portal/ui-kit';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { roleLabels } from '@/lib/auth';

import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation, type Invitation } from '../api/get-invitation';
import { AuthForm, AuthLayout, type FormFields } from '../components/auth-layout';
import { apiFieldErrors } from '../components/form-errors';
import { NewPasswordFields } from '../components/new-password-fields';
import { TermsCheckbox } from '../components/terms-checkbox';
import { passwordProblems } from '../password/password-rule';

import styles from './welcome.module.css';

type Field = 'name' | 'password' | 'confirmation' | 'terms';

const isInvitationGone = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.status === 404 || error.status === 410 || error.code === 'token_invalid');

/** A used, expired or mistyped invitation link. */
function InvalidInvitation() {
  return (
    <AuthLayout
      title="This invitation is no longer valid"
      footer={<Link href={paths.signIn()}>Go to sign in</Link>}
    >
      <Alert tone="danger" title="We can't use this invitation link" announce>
        Invitations work once, for 7 days. If you have not joined yet, ask the person who invited
        you to send a new invitation. If you already joined, sign in.
      </Alert>
    </AuthLayout>
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
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [name, setName] = useState('');
  const nameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);
  const termsRef = useRef<HTMLButtonElement>(null);
  const [termsAccepted, setTermsAccepted] = useState(false);

  if (isInvitationGone(accept.error)) return <InvalidInvitation />;

  const submit = (fields: FormFields) => {
    const trimmedName = fields.text('name').trim();
    const password = fields.text('password');
    const found: Partial<Record<Field, string>> = {
      name: trimmedName === '' ? 'Enter your name.' : undefined,
      ...passwordProblems({
        password,
        confirmation: fields.text('passwordConfirmation'),
        email: invitation.email,
      }),
      terms: termsAccepted ? undefined : 'Accept the terms of use to continue.',
    };
    setProblems(found);
    accept.reset();
    const fieldRefs = [
      [found.name, nameRef],
      [found.password, passwordRef],
      [found.confirmation, confirmationRef],
      [found.terms, termsRef],
    ] as const;
    const firstProblem = fieldRefs.find(([problem]) => problem !== undefined);
    if (firstProblem) return firstProblem[1].current?.focus();

    accept.mutate(
      { token, name: trimmedName, password },
      {
        onSuccess: () => {
          void navigate(paths.overview(invitation.partner.slug), { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) {
            // The e-mail already has an account: accepting takes its current password.
            setProblems({
              password:
                error.detail ?? 'An account with this e-mail exists: enter its current password.',
            });
            passwordRef.current?.focus();
            return;
          }
          setProblems(apiFieldErrors(error, ['name', 'password'] as const));
        },
      },
    );
  };

  const failed =
    accept.error !== null && !(accept.error instanceof ApiError && accept.error.status === 400);

  return (
    <AuthLayout
      title={`Join ${invitation.partner.name}`}
      description="Tell us your name and choose a password to finish setting up your account. If you already have an account with this e-mail, enter its current password instead."
    >
      <AuthForm label="Accept your invitation" onSubmit={submit}>
        {failed ? (
          <Alert tone="danger" announce>
            We could not create your account. Check your connection and try again.
          </Alert>
        ) : null}
        <dl className={styles.facts}>
          <dt>Partner</dt>
          <dd>{invitation.partner.name}</dd>
          <dt>Email</dt>
          <dd>{invitation.email}</dd>
          <dt>Role</dt>
          <dd>{roleLabels[invitation.role]}</dd>
        </dl>
        <TextField
          ref={nameRef}
          label="Your name"
          name="name"
          autoComplete="name"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={problems.name}
        />
        <NewPasswordFields
          label="Password"
          errors={problems}
          userInputs={[invitation.email, name, invitation.partner.name]}
          passwordRef={passwordRef}
          confirmationRef={confirmationRef}
        />
        <TermsCheckbox
          ref={termsRef}
          checked={termsAccepted}
          onCheckedChange={(checked) => {
            setTermsAccepted(checked);
            if (checked) setProblems((current) => ({ ...current, terms: undefined }));
          }}
          error={problems.terms}
        />
        <Button type="submit" variant="primary" loading={accept.isPending}>
          Accept invitation
        </Button>
      </AuthForm>
    </AuthLayout>
  );
}
