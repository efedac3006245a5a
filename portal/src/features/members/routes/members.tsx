import { Badge, Button, PageHeader, Stack, type DataTableColumn } from '@partner-portal/ui-kit';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { paths } from '@/config/paths';
import { roleLabels, useMe } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { useListState } from '@/lib/list-state';
import { ListView } from '@/lib/list-view';
import { usePartnerSlug } from '@/lib/use-partner-slug';
import { PartnerDateTime } from '@/lib/partner-time';

import { memberSortFields, useMembers, type Member } from '../api/get-members';

// The admin's controls are chunks of their own: only admins load them, and the dialogs only when used.
const InviteDialog = lazy(async () => ({
  default: (await import('../components/invite-dialog')).InviteDialog,
}));
const MemberRoleSelect = lazy(async () => ({
  default: (await import('../components/member-role-select')).MemberRoleSelect,
}));
const PendingInvitations = lazy(async () => ({
  default: (await import('../components/pending-invitations')).PendingInvitations,
}));
const RemoveMemberDialog = lazy(async () => ({
  default: (await import('../components/remove-member-dialog')).RemoveMemberDialog,
}));

import styles from '../components/members.module.css';

const statusLabels: Record<Member['status'], string> = {
  active: 'Active',
  invited: 'Invited',
  disabled: 'Disabled',
};
const statusTones = { active: 'success', invited: 'accent', disabled: 'neutral' } as const;

interface ColumnsOptions {
  /** The signed-in person's user id, to mark their own row. */
  selfId: string | undefined;
  /** The admin's controls; none for anyone else. */
  admin?: {
    partnerSlug: string;
    onRemove: (member: Member) => void;
  };
}

const columns = ({ selfId, admin }: ColumnsOptions): Array<DataTableColumn<Member>> => [
  {
    id: 'name',
    header: 'Name',
    cell: (member) =>
      member.userId === selfId ? (
        <>
          {member.name} <span className={styles.you}>(you)</span>
        </>
      ) : (
        member.name
      ),
    sortable: true,
    rowHeader: true,
  },
  {
    id: 'email',
    header: 'Email',
    cell: (member) => member.email,
    sortable: true,
    fullWidthWhenStacked: true,
  },
  {
    id: 'role',
    header: 'Role',
    cell: (member) =>
      admin ? (
        <div className={styles.roleCell}>
          <Suspense fallback={roleLabels[member.role]}>
            <MemberRoleSelect
              partnerSlug={admin.partnerSlug}
              member={member}
              self={member.userId === selfId}
            />
          </Suspense>
        </div>
      ) : (
        roleLabels[member.role]
      ),
    sortable: true,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (member) => (
      <Badge tone={statusTones[member.status]}>{statusLabels[member.status]}</Badge>
    ),
  },
  {
    id: 'memberSince',
    header: 'Member since',
    priority: 'secondary',
    cell: (member) => (
      <span className={styles.nowrap}>
        <PartnerDateTime value={member.memberSince} format="date" />
      </span>
    ),
    sortable: true,
  },
  ...(admin
    ? [
        {
          id: 'actions',
          header: 'Actions',
          align: 'end' as const,
          fullWidthWhenStacked: true,
          cell: (member: Member) => (
            <Button
              variant="secondary"
              size="sm"
              aria-label={member.userId === selfId ? 'Leave this partner' : `Remove ${member.name}`}
              onClick={() => admin.onRemove(member)}
            >
              {member.userId === selfId ? 'Leave' : 'Remove'}
            </Button>
          ),
        },
      ]
    : []),
];

/**
 * The partner's people: everyone who belongs to it may see who else does (docs/product.md §3); its
 * admins also invite people, change roles, remove members and revoke pending invitations (§2). The
 * API is the check; the screen shows the controls to admins only.
 */
export function MembersRoute() {
  const partnerSlug = usePartnerSlug();
  useDocumentTitle('Members', partnerSlug);
  const navigate = useNavigate();
  const { data: session } = useMe();
  const membership = session?.memberships.find(({ partner }) => partner.slug === partnerSlug);
  const isAdmin = membership?.role === 'admin';
  const partnerName = membership?.partner.name ?? partnerSlug;
  const selfId = session?.user.id;

  const list = useListState({
    sortFields: memberSortFields,
    defaultSort: { field: 'name', direction: 'asc' },
  });
  const members = useMembers(partnerSlug, list.query);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);

  return (
    <>
      <PageHeader
        title="Members"
        description={
          isAdmin
            ? 'The people who can sign in to this partner. As an admin you invite people, change their roles and remove them.'
            : 'The people who can sign in to this partner.'
        }
        actions={
          isAdmin ? <Button onClick={() => setInviting(true)}>Invite someone</Button> : undefined
        }
      />
      <Stack gap={8}>
        <div>
          <ListView
            caption="Members"
            noun={{ one: 'member', other: 'members' }}
            state={list}
            query={members}
            columns={columns({
              selfId,
              admin: isAdmin ? { partnerSlug, onRemove: setRemoving } : undefined,
            })}
            getRowId={(member) => member.userId}
            empty={{
              title: 'No members yet',
              description: 'People invited to this partner will be listed here.',
            }}
          />
        </div>
        {isAdmin ? (
          <Suspense fallback={null}>
            <PendingInvitations partnerSlug={partnerSlug} />
          </Suspense>
        ) : null}
      </Stack>
      <Suspense fallback={null}>
        {inviting ? (
          <InviteDialog
            partnerSlug={partnerSlug}
            partnerName={partnerName}
            onClose={() => setInviting(false)}
          />
        ) : null}
        {removing !== null ? (
          <RemoveMemberDialog
            partnerSlug={partnerSlug}
            partnerName={partnerName}
            member={removing}
            self={removing.userId === selfId}
            onClose={() => setRemoving(null)}
            onRemoved={() => {
              setRemoving(null);
              if (removing.userId === selfId) void navigate(paths.home());
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}
