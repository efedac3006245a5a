import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  DateTime,
  Dialog,
  DialogClose,
  EmptyState,
  ErrorState,
  PageHeader,
  Select,
  Stack,
  TextField,
  type DataTableColumn,
} from '@partner-portal/ui-kit';
import { useRef, useState, type FormEvent } from 'react';

import { describeApiError } from '@/lib/api-errors';
import { CheckboxGroup } from '@/lib/checkbox-group';
import { ApiProblemAlert } from '@/lib/api-problem-alert';
import { useNotify } from '@/lib/toasts';

import {
  useApiKeys,
  useCreateApiKey,
  useRevokeApiKey,
  type ApiKey,
  type ApiKeyScope,
  type KeyOwner,
} from '../api/api-keys';

import { OneTimeSecretDialog } from '@/lib/one-time-secret';
import styles from './api-keys.module.css';

export const scopeDescriptions: Record<ApiKeyScope, string> = {
  'inventory:read': 'Read the inventory and its movements',
  'claims:read': 'Read claims',
  'claims:write': 'File and change claims',
  'movements:write': 'Record stock movements of any partner',
};

const EXPIRY_DAYS = [30, 90, 180, 365] as const;
const DEFAULT_EXPIRY_DAYS = 90;
const expiryOptions = EXPIRY_DAYS.map((days) => ({ value: String(days), label: `${days} days` }));

const columns = (onRevoke: (key: ApiKey) => void): Array<DataTableColumn<ApiKey>> => [
  { id: 'name', header: 'Name', cell: (key) => key.name, rowHeader: true },
  {
    id: 'scopes',
    header: 'Scopes',
    fullWidthWhenStacked: true,
    cell: (key) => (
      <span className={styles.scopes}>
        {key.scopes.map((scope) => (
          <Badge key={scope} tone="neutral">
            {scope}
          </Badge>
        ))}
      </span>
    ),
  },
  {
    id: 'prefix',
    header: 'Token',
    cell: (key) => <code className={styles.code}>{key.prefix}…</code>,
  },
  {
    id: 'createdBy',
    header: 'Created by',
    priority: 'secondary',
    cell: (key) => key.createdBy?.name ?? 'A former user',
  },
  {
    id: 'createdAt',
    header: 'Created',
    priority: 'secondary',
    cell: (key) => (
      <span className={styles.nowrap}>
        <DateTime value={key.createdAt} format="date" />
      </span>
    ),
  },
  {
    id: 'lastUsedAt',
    header: 'Last used',
    cell: (key) =>
      key.lastUsedAt === null ? 'Never' : <DateTime value={key.lastUsedAt} format="relative" />,
  },
  {
    id: 'expiresAt',
    header: 'Expires',
    cell: (key) =>
      key.revokedAt !== null ? (
        <Badge tone="danger">Revoked</Badge>
      ) : Date.parse(key.expiresAt) <= Date.now() ? (
        <Badge tone="warning">Expired</Badge>
      ) : (
        <span className={styles.nowrap}>
          <DateTime value={key.expiresAt} format="date" />
        </span>
      ),
  },
  {
    id: 'actions',
    header: 'Actions',
    align: 'end',
    fullWidthWhenStacked: true,
    cell: (key) =>
      key.revokedAt === null ? (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Revoke ${key.name}`}
          onClick={() => onRevoke(key)}
        >
          Revoke
        </Button>
      ) : null,
  },
];

export interface ApiKeysScreenProps {
  owner: KeyOwner;
  /** The scopes a key of this owner may hold, in the order of the form. */
  scopes: readonly ApiKeyScope[];
  description: string;
}

/**
 * The keys of a partner or of the network (docs/product.md §3b): the list (revoked ones marked),
 * "Create key" with its token shown once, and "Revoke" after a confirmation.
 */
export function ApiKeysScreen({ owner, scopes, description }: ApiKeysScreenProps) {
  const keys = useApiKeys(owner);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const header = (
    <PageHeader
      title="API keys"
      description={description}
      actions={<Button onClick={() => setCreating(true)}>Create key</Button>}
    />
  );

  let body;
  if (keys.isError && keys.data === undefined) {
    body = (
      <ErrorState
        title="We couldn't load the API keys"
        description={describeApiError(keys.error)?.message}
        onRetry={() => void keys.refetch()}
        retrying={keys.isFetching}
      />
    );
  } else if (keys.data !== undefined && keys.data.length === 0) {
    body = (
      <EmptyState
        headingLevel={2}
        title="No API keys yet"
        description="A key lets a program call the API without anyone's password. Create one for each system."
      />
    );
  } else {
    body = (
      <DataTable
        caption="API keys"
        columns={columns(setRevoking)}
        rows={keys.data ?? []}
        getRowId={(key) => key.id}
        getRowLabel={(key) => key.name}
        loading={keys.data === undefined}
      />
    );
  }

  return (
    <div className={styles.page}>
      {header}
      {body}
      {creating ? (
        <CreateKeyDialog
          owner={owner}
          scopes={scopes}
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
        />
      ) : null}
      {created !== null ? (
        <OneTimeSecretDialog
          title={`Your new key “${created.name}”`}
          label="Token"
          value={created.token}
          onClose={() => setCreated(null)}
        />
      ) : null}
      {revoking !== null ? (
        <RevokeKeyDialog owner={owner} apiKey={revoking} onClose={() => setRevoking(null)} />
      ) : null}
    </div>
  );
}

const FORM_ID = 'create-api-key';

interface CreateKeyDialogProps {
  owner: KeyOwner;
  scopes: readonly ApiKeyScope[];
  onClose: () => void;
  onCreated: (key: { name: string; token: string }) => void;
}

function CreateKeyDialog({ owner, scopes, onClose, onCreated }: CreateKeyDialogProps) {
  const create = useCreateApiKey(owner);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<ApiKeyScope[]>([]);
  const [days, setDays] = useState(DEFAULT_EXPIRY_DAYS);
  const [problems, setProblems] = useState<{ name?: string; scopes?: string }>({});
  // One key per action: a retry of the same form sends the same Idempotency-Key.
  const idempotency = useRef<{ key: string; body: string } | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const found = {
      name: name.trim() === '' ? 'Name the key, e.g. after the system that uses it.' : undefined,
      scopes: chosen.length === 0 ? 'Choose at least one scope.' : undefined,
    };
    setProblems(found);
    if (found.name !== undefined || found.scopes !== undefined) return;
    const expiresAt = new Date(Date.now() + days * 86_400_000).toISOString();
    const request = { name: name.trim(), scopes: chosen };
    const serialized = JSON.stringify({ ...request, days });
    if (idempotency.current?.body !== serialized) {
      idempotency.current = { key: crypto.randomUUID(), body: serialized };
    }
    create.mutate(
      { body: { ...request, expiresAt }, idempotencyKey: idempotency.current.key },
      { onSuccess: (key) => onCreated({ name: key.name, token: key.token }) },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !create.isPending) onClose();
      }}
      title="Create an API key"
      description="Its token is shown once, when it is created."
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary" disabled={create.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" form={FORM_ID} loading={create.isPending}>
            Create key
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={submit} aria-label="Create an API key">
        <Stack gap={4}>
          <ApiProblemAlert error={create.error} />
          <TextField
            label="Name"
            maxLength={100}
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={problems.name}
          />
          <CheckboxGroup
            label="Scopes"
            options={scopes.map((scope) => ({
              value: scope,
              label: scope,
              description: scopeDescriptions[scope],
            }))}
            value={chosen}
            onChange={setChosen}
            error={problems.scopes}
          />
          <Select
            label="Expires in"
            options={expiryOptions}
            value={String(days)}
            onChange={(event) => setDays(Number(event.target.value))}
          />
        </Stack>
      </form>
    </Dialog>
  );
}

function RevokeKeyDialog({
  owner,
  apiKey,
  onClose,
}: {
  owner: KeyOwner;
  apiKey: ApiKey;
  onClose: () => void;
}) {
  const revoke = useRevokeApiKey(owner);
  const notify = useNotify();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Revoke “${apiKey.name}”?`}
      description="Every request with its token is refused at once. This cannot be undone."
      confirmLabel="Revoke key"
      tone="danger"
      onConfirm={async () => {
        await revoke.mutateAsync(apiKey.id);
        notify({ tone: 'success', title: 'API key revoked' });
      }}
    >
      <ApiProblemAlert error={revoke.error} />
    </ConfirmDialog>
  );
}
