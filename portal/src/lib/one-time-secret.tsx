import { Alert, Button, Dialog, Stack, TextField } from '@partner-portal/ui-kit';
import { useState } from 'react';

export interface OneTimeSecretDialogProps {
  title: string;
  /** What the value is, e.g. "Token" or "Signing secret". */
  label: string;
  value: string;
  /** A line under the warning (e.g. that the old secret stays valid 24 hours). */
  note?: string;
  onClose: () => void;
}

/**
 * A token or secret the API answers once: shown here with a copy button and the warning that it
 * cannot be shown again (only its hash is kept).
 */
export function OneTimeSecretDialog({
  title,
  label,
  value,
  note,
  onClose,
}: OneTimeSecretDialogProps) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () => {
    const clipboard = globalThis.navigator?.clipboard;
    if (clipboard === undefined) {
      setCopied('failed');
      return;
    }
    clipboard.writeText(value).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <Stack gap={4}>
        <Alert tone="warning">
          Copy it now: this is the only time it is shown. It cannot be shown again; if it is lost,
          create a new one.
        </Alert>
        {note !== undefined ? <p>{note}</p> : null}
        <TextField
          label={label}
          value={value}
          readOnly
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <div>
          <Button variant="secondary" onClick={copy}>
            {copied === 'yes' ? 'Copied' : 'Copy'}
          </Button>
        </div>
        {copied === 'failed' ? (
          <Alert tone="danger" announce>
            Your browser did not let us copy it: select the text above and copy it yourself.
          </Alert>
        ) : null}
      </Stack>
    </Dialog>
  );
}
