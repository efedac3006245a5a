import { Badge, DateTime, PageHeader, type DataTableColumn } from '@partner-portal/ui-kit';

import { roleLabels } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { useListState } from '@/lib/list-state';
import { ListView } from '@/lib/list-view';
import { usePartnerSlug } from '@/lib/use-partner-slug';

import { memberSortFields, useMembers, type Member } from '../api/get-members';

const statusLabels: Record<Member['status'], string> = {
  active: 'Active',
  invited: 'Invited',
  disabled: 'Disabled',
};
const statusTones = { active: 'success', invited: 'accent', disabled: 'neutral' } as const;

const columns: Array<DataTableColumn<Member>> = [
  { id: 'name', header: 'Name', cell: (member) => member.name, sortable: true, rowHeader: true },
  { id: 'email', header: 'Email', cell: (member) => member.email, sortable: true },
  { id: 'role', header: 'Role', cell: (member) => roleLabels[member.role], sortable: true },
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
    cell: (member) => <DateTime value={member.memberSince} format="date" />,
    sortable: true,
  },
];

/** The partner's people: everyone who belongs to it may see who else does (docs/product.md §3). */
export function MembersRoute() {
  const partnerSlug = usePartnerSlug();
  useDocumentTitle('Members', partnerSlug);
  const list = useListState({
    sortFields: memberSortFields,
    defaultSort: { field: 'name', direction: 'asc' },
  });
  const members = useMembers(partnerSlug, list.query);

  return (
    <>
      <PageHeader title="Members" description="The people who can sign in to this partner." />
      <ListView
        caption="Members"
        noun={{ one: 'member', other: 'members' }}
        state={list}
        query={members}
        columns={columns}
        getRowId={(member) => member.userId}
        empty={{
          title: 'No members yet',
          description: 'People invited to this partner will be listed here.',
        }}
      />
    </>
  );
}
