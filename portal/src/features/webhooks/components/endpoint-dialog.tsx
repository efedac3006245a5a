import {
  Button,
  Dialog,
  DialogClose,
  Stack,
  Switch,
  TextField,
  Textarea,
} from '@partner-portal/ui-kit';
import { useRef, useState, type FormEvent } from 'react';

import { apiFieldErrors } from '@/lib/api-errors';
import { ApiProblemAlert } from '@/lib/api-problem-alert';
import { CheckboxGroup } from '@/lib/checkbox-group';

import {
  useCreateWebhook,
  useUpdateWebhook,
  webhookEventTypes,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../api/webhooks';

export const eventDescriptions: Record<WebhookEventType, string> = {
  'claim.created': 'A claim is filed',
  'claim.status_changed': 'A claim moves (submitted, approved, rejected, paid…)',
  'claim.comment_added': 'A comment is added to a claim',
  'inventory.movement_recorded': 'A stock movement is recorded',
  'inventory.stock_low': 'An item falls to its reorder point',
};

const FIELDS = ['url', 'events', 'description'] as const;
const FORM_ID = 'webhook-endpoint';

export interface EndpointDialogProps {
  partnerSlug: string;
  /** The endpoint to edit; none to create one. */
  endpoint?: WebhookEndpoint;
  onClose: () => void;
  /** After a creation: the secret, shown once. */
  onCreated: (secret: string) => void;
}

/** "Add endpoint" or "Edit endpoint": URL, events, description (and, when editing, enabled). */
export function EndpointDialog({ partnerSlug, endpoint, onClose, onCreated }: EndpointDialogProps) {
  const create = useCreateWebhook(partnerSlug);
  const update = useUpdateWebhook(partnerSlug);
  const mutation = endpoint === undefined ? create : update;
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? []);
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const [problems, setProblems] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const idempotency = useRef<{ key: string; body: string } | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const address = url.trim();
    const found = {
      url: /^https?:\/\/\S+$/.test(address)
        ? undefined
        : 'Enter the address events are sent to, starting with https://.',
      events: events.length === 0 ? 'Choose at least one event.' : undefined,
    };
    setProblems(found);
    if (found.url !== undefined || found.events !== undefined) return;
    const body = { url: address, events, description: description.trim() || null };
    const onError = (error: unknown) => setProblems(apiFieldErrors(error, FIELDS));
    if (endpoint === undefined) {
      const serialized = JSON.stringify(body);
      if (idempotency.current?.body !== serialized) {
        idempotency.current = { key: crypto.randomUUID(), body: serialized };
      }
      create.mutate(
        { body, key: idempotency.current.key },
        { onSuccess: (created) => onCreated(created.secret), onError },
      );
    } else {
      update.mutate(
        { id: endpoint.id, body: { ...body, enabled } },
        { onSuccess: onClose, onError },
      );
    }
  };

  const title = endpoint === undefined ? 'Add an endpoint' : 'Edit the endpoint';
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !mutation.isPending) onClose();
      }}
      title={title}
      description={
        endpoint === undefined
          ? 'We POST the events you choose to this address, signed with a secret shown once.'
          : undefined
      }
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary" disabled={mutation.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" form={FORM_ID} loading={mutation.isPending}>
            {endpoint === undefined ? 'Add endpoint' : 'Save'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={submit} aria-label={title}>
        <Stack gap={4}>
          <ApiProblemAlert error={mutation.error} />
          <TextField
            label="URL"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            maxLength={2000}
            placeholder="https://hooks.example.com/portal"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            error={problems.url}
          />
          <CheckboxGroup
            label="Events"
            options={webhookEventTypes.map((type) => ({
              value: type,
              label: type,
              description: eventDescriptions[type],
            }))}
            value={events}
            onChange={setEvents}
            error={problems.events}
          />
          <Textarea
            label="Description (optional)"
            maxLength={500}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            error={problems.description}
          />
          {endpoint !== undefined ? (
            <Switch
              label="Enabled"
              description={
                endpoint.disabledReason !== null
                  ? `Disabled: ${endpoint.disabledReason}. Enabling it clears this.`
                  : 'No events are sent to a disabled endpoint.'
              }
              checked={enabled}
              onCheckedChange={setEnabled}
            />
          ) : null}
        </Stack>
      </form>
    </Dialog>
  );
}
