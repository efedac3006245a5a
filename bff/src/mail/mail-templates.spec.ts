import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Mail, MAIL_TEMPLATES, type MailMessage, render } from './mail.service.js';
import { notificationSettingsUrl } from './notification-settings.js';

const PUBLIC_URL = 'https://portal.example';
const SETTINGS = notificationSettingsUrl(PUBLIC_URL, 'acme-outdoor');
const FOOTER = `Choose which e-mails you get: ${SETTINGS}`;
const to = { email: 'manager@acme.example', name: 'Mia Manager' };

/**
 * One message of every template. Typed by the templates' names: a template added to `Mail` without a
 * sample here fails the type check, and the test below fails at run time too.
 */
const SAMPLES: { [K in Mail['template']]: Extract<Mail, { template: K }>['data'] } = {
  passwordResetLink: {
    to,
    link: `${PUBLIC_URL}/reset-password?token=abc`,
    settingsLink: SETTINGS,
  },
  passwordChanged: {
    to,
    forgotPasswordUrl: `${PUBLIC_URL}/forgot-password`,
    settingsLink: SETTINGS,
  },
  invitation: {
    to: 'new@acme.example',
    partnerName: 'Acme Outdoor Co.',
    role: 'viewer',
    link: `${PUBLIC_URL}/welcome?token=abc`,
    settingsLink: SETTINGS,
  },
  claimStatus: {
    to,
    partnerName: 'Acme Outdoor Co.',
    claimNumber: 'CLM-000123',
    action: 'approve',
    actorName: 'Sam Staff',
    message: null,
    amountClaimed: '500.00 EUR',
    amountApproved: '250.00 EUR',
    payoutReference: null,
    link: `${PUBLIC_URL}/acme-outdoor/claims/1`,
    settingsLink: SETTINGS,
  },
  claimAssignee: {
    to,
    partnerName: 'Acme Outdoor Co.',
    claimNumber: 'CLM-000123',
    action: 'respond',
    actorName: 'Mia Manager',
    message: 'The shipment was SH-1.',
    link: `${PUBLIC_URL}/acme-outdoor/claims/1`,
    settingsLink: SETTINGS,
  },
  digest: {
    to,
    partnerName: 'Acme Outdoor Co.',
    day: '2030-03-04',
    deadlines: [
      {
        kind: 'draft',
        claimNumber: 'CLM-000123',
        item: 'TENT-2P Tent',
        units: null,
        daysLeft: 3,
        deadline: '2030-03-07',
        link: `${PUBLIC_URL}/acme-outdoor/claims/1`,
      },
    ],
    stock: [],
    settingsLink: SETTINGS,
  },
  webhookDisabled: {
    to,
    partnerName: 'Acme Outdoor Co.',
    url: 'https://hooks.example.com/portal',
    description: 'WMS sync',
    reason: 'The endpoint answered 410 Gone.',
    link: `${PUBLIC_URL}/acme-outdoor/settings/webhooks`,
    settingsLink: SETTINGS,
  },
};

/** Every function a `*.mail.ts` file of this folder exports whose name ends in `Mail`: a template. */
async function templateFunctions(): Promise<Array<[string, unknown]>> {
  const dir = path.dirname(fileURLToPath(import.meta.url));
  const found: Array<[string, unknown]> = [];
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.mail.ts'))
    .sort()) {
    const module = (await import(path.join(dir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (typeof value === 'function' && name.endsWith('Mail'))
        found.push([`${file}: ${name}`, value]);
    }
  }
  return found;
}

/**
 * Every e-mail links to the recipient's notification settings (docs/product.md, Notification
 * preferences). The templates are enumerated, not listed by hand: a new one fails here until it is
 * registered in MAIL_TEMPLATES, has a sample, and ends with the settings link.
 */
describe('the e-mail templates', () => {
  it('registers every template function of src/mail in MAIL_TEMPLATES', async () => {
    const registered = new Set<unknown>(Object.values(MAIL_TEMPLATES));
    const functions = await templateFunctions();
    expect(functions.length).toBeGreaterThanOrEqual(6);
    expect(functions.filter(([, fn]) => !registered.has(fn)).map(([name]) => name)).toEqual([]);
  });

  it('has a sample of every registered template', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(MAIL_TEMPLATES).sort());
  });

  it.each(Object.keys(MAIL_TEMPLATES) as Array<Mail['template']>)(
    '%s links to the notification settings, in the footer',
    (template) => {
      const message: MailMessage = render({ template, data: SAMPLES[template] } as Mail);
      const lines = message.text.trimEnd().split('\n');
      expect(lines.slice(-2)).toEqual(['--', FOOTER]);
    },
  );

  it('leaves the footer out only of the account messages of a person with no partner (no settings page exists)', () => {
    for (const template of ['passwordResetLink', 'passwordChanged'] as const) {
      const message = render({
        template,
        data: { ...SAMPLES[template], settingsLink: null },
      } as Mail);
      expect(message.text).not.toContain('Choose which e-mails you get');
      expect(message.text.endsWith('\n')).toBe(true);
    }
  });
});
