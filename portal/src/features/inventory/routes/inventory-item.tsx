import {
  Badge,
  Breadcrumbs,
  Card,
  DescriptionList,
  Inline,
  Money,
  PageHeader,
  Skeleton,
  StatusPill,
} from '@partner-portal/ui-kit';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';

import { paths } from '@/config/paths';
import { canManage, usePartnerRole } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';
import { DISPLAY_LOCALE, formatCount } from '@/lib/format';
import { usePartnerSlug } from '@/lib/use-partner-slug';
import { PartnerDateTime, TimeZoneNote } from '@/lib/partner-time';

import { useInventoryItem } from '../api/get-inventory-item';
import { AvailableCount } from '../components/available-count';
import { itemStatusLabels } from '../components/labels';
import { MovementHistory } from '../components/movement-history';
import { ReorderPoint } from '../components/reorder-point';

import styles from './inventory-item.module.css';

export { createInventoryItemLoader } from '../api/get-inventory-item';

// Below the movements, so it loads after the item is on screen.
const ItemClaims = lazy(async () => ({
  default: (await import('../components/item-claims')).ItemClaims,
}));

/**
 * One item (docs/product.md §3): its quantities, value, stock state and reorder point (editable by
 * managers and admins), its movement history, and the claims about it. The route's loader has the
 * item in the cache, or showed the not-found screen.
 */
export function InventoryItemRoute() {
  const partnerSlug = usePartnerSlug();
  const { itemId = '' } = useParams();
  const { data: item } = useInventoryItem(partnerSlug, itemId);
  const role = usePartnerRole(partnerSlug);
  const manages = canManage(role);
  useDocumentTitle(item?.name ?? 'Inventory item', 'Inventory', partnerSlug);

  if (item === undefined) return null;

  const money = (amount: { amount: number; currency: string }) => (
    <Money amount={amount.amount} currency={amount.currency} locale={DISPLAY_LOCALE} />
  );

  return (
    <div className={styles.page}>
      <PageHeader
        title={item.name}
        breadcrumbs={
          <Breadcrumbs
            items={[
              { label: 'Inventory', href: paths.inventory(partnerSlug) },
              { label: item.sku },
            ]}
          />
        }
        description={
          <Inline gap={2} align="center">
            <span>
              SKU {item.sku} · {item.warehouse}
            </span>
            <StatusPill status={item.stockState} />
            {item.status === 'discontinued' ? (
              <Badge tone="neutral">{itemStatusLabels.discontinued}</Badge>
            ) : null}
          </Inline>
        }
      />

      <div className={styles.cards}>
        <Card title="Stock" headingLevel={2}>
          <DescriptionList
            layout="grid"
            items={[
              { term: 'On hand', description: formatCount(item.onHand) },
              { term: 'Reserved', description: formatCount(item.reserved) },
              { term: 'Available', description: <AvailableCount available={item.available} /> },
              { term: 'Inbound', description: formatCount(item.inbound) },
              { term: 'Damaged', description: formatCount(item.damaged) },
              {
                term: 'Reorder point',
                description: (
                  <ReorderPoint partnerSlug={partnerSlug} item={item} editable={manages} />
                ),
              },
            ]}
          />
        </Card>
        <Card title="Details" headingLevel={2}>
          <DescriptionList
            items={[
              { term: 'Value', description: money(item.value) },
              { term: 'Unit value', description: money(item.unitValue) },
              { term: 'Category', description: item.category },
              { term: 'Barcode', description: item.barcode ?? '—' },
              { term: 'Status', description: itemStatusLabels[item.status] },
              {
                term: 'Updated',
                description: <PartnerDateTime value={item.updatedAt} format="datetime" />,
              },
            ]}
          />
        </Card>
      </div>

      {/* Not a named region: the movements' table is one already, named "Movements". */}
      <section className={styles.section}>
        <h2 id="movements-heading" className={styles.heading}>
          Movements
        </h2>
        <TimeZoneNote />
        <MovementHistory partnerSlug={partnerSlug} itemId={item.id} canFileClaims={manages} />
      </section>

      <section aria-labelledby="claims-heading" className={styles.section}>
        <h2 id="claims-heading" className={styles.heading}>
          Claims
        </h2>
        <Suspense fallback={<Skeleton height="6rem" />}>
          <ItemClaims partnerSlug={partnerSlug} itemId={item.id} />
        </Suspense>
      </section>
    </div>
  );
}
