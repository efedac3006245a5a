import type { MailMessage } from './mail.service.js';
import { settingsFooter } from './notification-settings.js';

/** A filing deadline of the digest: a draft, or a loss or damage no claim stands for yet. */
export interface DigestDeadline {
  /** `draft`, `unclaimed_loss` or `unclaimed_damage` (the overview's needs-attention kinds). */
  kind: string;
  /** "CLM-000123" for a draft. */
  claimNumber: string | null;
  /** "TENT-2P-GRN Two-person tent" when the entry has an item. */
  item: string | null;
  /** For a loss or damage: the units lost or damaged (positive). */
  units: number | null;
  daysLeft: number;
  /** `YYYY-MM-DD`, the last day to file. */
  deadline: string;
  /** The draft's page, or the item's page where the claim is filed from. */
  link: string;
}

/** An item whose stock state got worse since the last digest. */
export interface DigestStockChange {
  /** "TENT-2P-GRN Two-person tent". */
  item: string;
  state: 'low' | 'out';
  available: number;
  reorderPoint: number;
  link: string;
}

export interface DigestMail {
  to: { email: string; name: string };
  partnerName: string;
  /** The partner's day the digest is of, `YYYY-MM-DD`. */
  day: string;
  /** Empty when the person chose `filingDeadlines: off`, or nothing closes in 7, 3 or 1 days. */
  deadlines: readonly DigestDeadline[];
  /** Empty when the person chose `lowStock: off`, or nothing became low or out. */
  stock: readonly DigestStockChange[];
  /** `${PUBLIC_URL}/{slug}/settings/notifications`. */
  settingsLink: string;
}

const DEADLINE_WHAT: Readonly<Record<string, string>> = {
  draft: 'Draft claim',
  unclaimed_loss: 'Unclaimed loss',
  unclaimed_damage: 'Unclaimed damage',
};

function days(count: number): string {
  return count === 1 ? '1 day' : `${count} days`;
}

/**
 * The daily digest of one partner for one person (docs/product.md, Notification preferences): the
 * filing windows closing in 7, 3 or 1 days, then the items that became low or out since the last
 * digest; each with its link, and the settings link last. Sent only when one list is not empty.
 */
export function digestMail(mail: DigestMail): MailMessage {
  const lines = [
    `Hello ${mail.to.name},`,
    '',
    `Your daily digest of ${mail.partnerName}, ${mail.day}.`,
  ];
  if (mail.deadlines.length > 0) {
    lines.push('', 'Filing windows closing soon:');
    for (const entry of mail.deadlines) {
      const what = [
        DEADLINE_WHAT[entry.kind] ?? entry.kind,
        entry.claimNumber,
        entry.units === null ? null : `of ${entry.units}`,
        entry.item === null ? null : `(${entry.item})`,
      ]
        .filter((part) => part !== null)
        .join(' ');
      lines.push(
        `- ${what}: closes in ${days(entry.daysLeft)} (last day ${entry.deadline}). ${entry.link}`,
      );
    }
  }
  if (mail.stock.length > 0) {
    lines.push('', 'Stock that became low or out since the last digest:');
    for (const entry of mail.stock) {
      lines.push(
        `- ${entry.item}: ${entry.state === 'out' ? 'out of stock' : 'low'} (${entry.available} available, reorder point ${entry.reorderPoint}). ${entry.link}`,
      );
    }
  }
  lines.push('', ...settingsFooter(mail.settingsLink));
  const parts = [
    mail.deadlines.length > 0 ? `${mail.deadlines.length} filing deadline(s)` : null,
    mail.stock.length > 0 ? `${mail.stock.length} stock change(s)` : null,
  ].filter((part) => part !== null);
  return {
    to: mail.to.email,
    subject: `${mail.partnerName} daily digest, ${mail.day}: ${parts.join(', ')}`,
    text: lines.join('\n'),
    link: mail.settingsLink,
  };
}
