import {
  Button,
  DropdownMenu,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from '@partner-portal/ui-kit';
import { useNavigate } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useSignOut, type SessionUser } from '@/lib/auth';

import { initialsOf } from './initials';
import styles from './shell.module.css';

export interface UserMenuProps {
  user: SessionUser;
  /** The members page of the partner on screen, if any. */
  membersHref?: string;
  /** The person's notification settings of the partner on screen, if any. */
  notificationsHref?: string;
  /** The partner's API keys and webhooks, for its admins. */
  apiKeysHref?: string;
  webhooksHref?: string;
}

/**
 * Who is signed in, and signing out; staff reach their workspace from it (the review queue, the
 * partner directory). Not modal: a modal menu locks scrolling with an injected
 * <style> element, which the BFF's Content-Security-Policy (no inline styles) refuses.
 */
export function UserMenu({
  user,
  membersHref,
  notificationsHref,
  apiKeysHref,
  webhooksHref,
}: UserMenuProps) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const initials = initialsOf(user.name);

  return (
    <DropdownMenu
      align="end"
      modal={false}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          loading={signOut.isPending}
          // The name holds what the button shows, the name or (on a phone) the initials, so that a
          // person who speaks what they see ("click MM") reaches it (WCAG 2.5.3).
          aria-label={`Account: ${user.name}, ${initials}`}
        >
          <span className={styles.triggerName}>{user.name}</span>
          <span className={styles.triggerInitials} aria-hidden="true">
            {initials}
          </span>
        </Button>
      }
    >
      <DropdownMenuLabel>
        <span className={styles.userName}>{user.name}</span>
        <span className={styles.userEmail}>{user.email}</span>
      </DropdownMenuLabel>
      <DropdownMenuSeparator />
      {user.isStaff ? (
        <>
          <DropdownMenuItem onSelect={() => void navigate(paths.staffQueue())}>
            Review queue
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void navigate(paths.staffPartners())}>
            All partners
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void navigate(paths.staffApiKeys())}>
            Network API keys
          </DropdownMenuItem>
        </>
      ) : null}
      {membersHref !== undefined ? (
        <DropdownMenuItem onSelect={() => void navigate(membersHref)}>Members</DropdownMenuItem>
      ) : null}
      {notificationsHref !== undefined ? (
        <DropdownMenuItem onSelect={() => void navigate(notificationsHref)}>
          Notification settings
        </DropdownMenuItem>
      ) : null}
      {apiKeysHref !== undefined ? (
        <DropdownMenuItem onSelect={() => void navigate(apiKeysHref)}>API keys</DropdownMenuItem>
      ) : null}
      {webhooksHref !== undefined ? (
        <DropdownMenuItem onSelect={() => void navigate(webhooksHref)}>Webhooks</DropdownMenuItem>
      ) : null}
      <DropdownMenuItem onSelect={() => signOut.mutate()}>Sign out</DropdownMenuItem>
    </DropdownMenu>
  );
}
