import { Badge, Button, Card, Link, PageHeader, TextField } from '@partner-portal/ui-kit';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';

import { paths } from '@/config/paths';
import { type Membership, roleLabels, useMe } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { formatCount } from '@/lib/format';
import { UserMenu } from '@/lib/shell/user-menu';

import { isPartnerSlug } from '../partner-slug';

import styles from './partner-picker.module.css';

/**
 * "/" for a person with several partners, or staff who belong to partners: choose where to go; for
 * staff the review queue comes first (docs/product.md §3a).
 */
export function PartnerPickerRoute() {
  useDocumentTitle('Choose a partner');
  // The route's loader put the session in the cache.
  const { data: session } = useMe();
  if (!session) return null;
  const { user, memberships } = session;

  return (
    <div className={styles.page}>
      <header className={styles.topbar}>
        <span className={styles.brand}>Partner Portal</span>
        <UserMenu user={user} />
      </header>
      <main className={styles.main}>
        <PageHeader
          title="Choose a partner"
          description={
            memberships.length > 0
              ? 'You have access to several partners. Pick the one to work on; you can switch at any time.'
              : 'You do not belong to any partner yet.'
          }
        />
        {memberships.length > 0 || user.isStaff ? (
          <PartnerList memberships={memberships} staff={user.isStaff} />
        ) : null}
        {user.isStaff ? <OpenPartnerBySlug /> : null}
      </main>
    </div>
  );
}

function PartnerList({
  memberships,
  staff,
}: {
  memberships: readonly Membership[];
  staff: boolean;
}) {
  return (
    <Card padding="none">
      <ul className={styles.list} aria-label="Your partners">
        {staff ? (
          <li className={styles.item}>
            <Link href={paths.staffQueue()} variant="standalone">
              Review queue
            </Link>
            <span className={styles.meta}>
              <span className={styles.openClaims}>Every partner&rsquo;s waiting claims</span>
              <Badge tone="accent">Staff</Badge>
            </span>
          </li>
        ) : null}
        {memberships.map(({ partner, role, openClaims }) => (
          <li key={partner.slug} className={styles.item}>
            <Link href={paths.overview(partner.slug)} variant="standalone">
              {partner.name}
            </Link>
            <span className={styles.meta}>
              <span className={styles.openClaims}>
                {formatCount(openClaims)} open {openClaims === 1 ? 'claim' : 'claims'}
              </span>
              <Badge tone="neutral">{roleLabels[role]}</Badge>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Staff may open any partner's area; they know it by its slug. */
function OpenPartnerBySlug() {
  const navigate = useNavigate();
  const [slug, setSlug] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const wanted = slug.trim().toLowerCase();
    if (!isPartnerSlug(wanted)) {
      setError(
        'Enter a partner slug: 3–40 lowercase letters, digits or hyphens, such as acme-outdoor.',
      );
      return;
    }
    void navigate(paths.overview(wanted));
  };

  return (
    <Card title="Open a partner by slug" headingLevel={2}>
      <form
        className={styles.slugForm}
        aria-label="Open a partner by slug"
        onSubmit={submit}
        noValidate
      >
        <TextField
          label="Partner slug"
          name="partnerSlug"
          autoComplete="off"
          spellCheck={false}
          required
          value={slug}
          error={error}
          hint="Every visit is written to the audit log."
          onChange={(event) => {
            setSlug(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" variant="primary" className={styles.submit}>
          Open partner
        </Button>
      </form>
    </Card>
  );
}
