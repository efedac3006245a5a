import { Card, Stack } from '@partner-portal/ui-kit';

import styles from './webhooks.module.css';

/** The receiver's check in Node, as docs/integrations.md has it (Standard Webhooks). */
export const NODE_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

function verify(secret, headers, body) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const id = headers['webhook-id'], timestamp = headers['webhook-timestamp'];
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${body}\`).digest();
  return headers['webhook-signature'].split(' ').some((signature) => {
    const given = Buffer.from(signature.replace(/^v1,/, ''), 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}`;

/** "Verifying signatures": the recipe every receiver follows, and ten lines of Node. */
export function SignatureRecipe() {
  return (
    <Card title="Verifying signatures" headingLevel={2}>
      <Stack gap={3}>
        <p>
          Every delivery carries three headers: <code>webhook-id</code> (the event, the same on
          every attempt), <code>webhook-timestamp</code> (seconds since 1970) and{' '}
          <code>webhook-signature</code>.
        </p>
        <p>
          The signature is <code>v1,</code> followed by the base64 HMAC-SHA256 of{' '}
          <code>{'{id}.{timestamp}.{body}'}</code> (the raw body, before parsing), keyed with the
          base64-decoded part of the secret after <code>whsec_</code>. During the 24 hours after a
          rotation the header holds two signatures, separated by a space: accept either. Refuse a
          timestamp more than 5 minutes away.
        </p>
        <pre className={styles.snippet} tabIndex={0} aria-label="Verifying a signature in Node">
          <code>{NODE_SNIPPET}</code>
        </pre>
      </Stack>
    </Card>
  );
}
