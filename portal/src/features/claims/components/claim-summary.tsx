import { Card, DescriptionList, Link, Money } from '@partner-portal/ui-kit';

import { paths } from '@/config/paths';
import { DISPLAY_LOCALE, formatCalendarDate, formatCount } from '@/lib/format';
import { PartnerDateTime } from '@/lib/partner-time';

import type { Claim } from '../api/get-claim';

import styles from './claim-page.module.css';
import { claimTypeLabels, movementKinds } from './labels';

const money = (value: { amount: number; currency: string } | null) =>
  value === null ? (
    '—'
  ) : (
    <Money amount={value.amount} currency={value.currency} locale={DISPLAY_LOCALE} />
  );

const moment = (value: string | null) =>
  value === null ? '—' : <PartnerDateTime value={value} format="datetime" />;

/** A claim's fields and amounts; the item and the movement it was filed from link back. */
export function ClaimSummary({ partnerSlug, claim }: { partnerSlug: string; claim: Claim }) {
  const item = claim.item;
  return (
    <div className={styles.cards}>
      <Card title="Claim" headingLevel={2}>
        <DescriptionList
          items={[
            { term: 'Type', description: claimTypeLabels[claim.type] },
            {
              term: 'Item',
              description:
                item === null ? (
                  'No item'
                ) : (
                  <Link href={paths.inventoryItem(partnerSlug, item.id)}>
                    {item.sku} · {item.name}
                  </Link>
                ),
            },
            {
              // The movement it stands for, beside the incident date it sets (docs/product.md §4).
              term: 'Movement',
              description:
                claim.movement === null || item === null ? (
                  '—'
                ) : (
                  <Link href={paths.inventoryItem(partnerSlug, item.id)}>
                    {movementKinds[claim.movement.kind].label} of{' '}
                    {formatCount(Math.abs(claim.movement.quantity))} on{' '}
                    <time dateTime={claim.movement.day}>
                      {formatCalendarDate(claim.movement.day)}
                    </time>
                    {claim.movement.reference === null ? '' : ` · ${claim.movement.reference}`}
                  </Link>
                ),
            },
            { term: 'Units', description: formatCount(claim.quantity) },
            {
              term: 'Incident date',
              description: (
                <time dateTime={claim.incidentDate}>{formatCalendarDate(claim.incidentDate)}</time>
              ),
            },
            { term: 'Reference', description: claim.reference ?? '—' },
            {
              term: 'Description',
              description: <span className={styles.prewrap}>{claim.description}</span>,
            },
          ]}
        />
      </Card>
      <Card title="Amounts" headingLevel={2}>
        <DescriptionList
          items={[
            { term: 'Unit value', description: money(claim.unitValue) },
            { term: 'Claimed', description: money(claim.amountClaimed) },
            { term: 'Approved', description: money(claim.amountApproved) },
            { term: 'Payout reference', description: claim.payoutReference ?? '—' },
            {
              term: 'Decision',
              description:
                claim.decisionReason === null ? (
                  '—'
                ) : (
                  <span className={styles.prewrap}>{claim.decisionReason}</span>
                ),
            },
            { term: 'Filed by', description: claim.createdBy?.name ?? '—' },
            { term: 'Created', description: moment(claim.createdAt) },
            { term: 'Submitted', description: moment(claim.submittedAt) },
            { term: 'Decided', description: moment(claim.decidedAt) },
          ]}
        />
      </Card>
    </div>
  );
}
