import type { FieldProblems } from '@/lib/form-problems';

import type { ClaimType } from '../api/claims-shared';

/** The fields of a claim's form, in the order the form shows them (the first problem is focused). */
export const CLAIM_FIELDS = [
  'type',
  'itemId',
  'quantity',
  'unitValue',
  'incidentDate',
  'description',
  'reference',
] as const;
export type ClaimField = (typeof CLAIM_FIELDS)[number];

/** The filing window (docs/product.md §5): the incident at most this many days before today. */
export const FILING_WINDOW_DAYS = 60;
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 5000;
export const REFERENCE_MAX = 200;

/** The item a claim is about, as the form holds it. */
export interface DraftItem {
  id: string;
  sku: string;
  name: string;
  /** Its unit value, for the amount's preview. */
  unitValue?: { amount: number; currency: string };
}

/** What a person typed into a claim's form. */
export interface ClaimDraft {
  type: ClaimType | '';
  item: DraftItem | null;
  quantity: number | null;
  /** Minor units: stated only for a claim of type other without an item. */
  unitValue: number | null;
  incidentDate: string;
  description: string;
  reference: string;
}

export const emptyDraft: ClaimDraft = {
  type: '',
  item: null,
  quantity: null,
  unitValue: null,
  incidentDate: '',
  description: '',
  reference: '',
};

/** The movement kinds a claim type is filed from (docs/api.md, filing rules). */
export const claimTypeOfKind: Partial<Record<string, ClaimType>> = {
  loss: 'lost',
  damage: 'damaged',
  receipt: 'shortage',
};

/** A calendar day `days` after `day` (before, when negative): no time zone involved. */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The earliest and latest incident date the filing window allows on the partner's `today`. */
export function filingWindow(today: string) {
  return { earliest: addDays(today, -FILING_WINDOW_DAYS), latest: today };
}

/**
 * The form's own checks, before anything is sent; the API has the final word, and its messages land
 * beside the same fields. `maxQuantity` is the movement's units when filed from one.
 */
export function checkDraft(
  draft: ClaimDraft,
  { maxQuantity, today }: { maxQuantity?: number; today: string },
): FieldProblems<ClaimField> {
  const problems: FieldProblems<ClaimField> = {};
  const window = filingWindow(today);
  if (draft.type === '') problems.type = 'Choose what happened.';
  if (draft.item === null && draft.type !== 'other') problems.itemId = 'Choose the item.';
  if (draft.quantity === null) problems.quantity = 'Enter how many units.';
  else if (!Number.isInteger(draft.quantity) || draft.quantity < 1) {
    problems.quantity = 'Enter a whole number of units, 1 or more.';
  } else if (maxQuantity !== undefined && draft.quantity > maxQuantity) {
    problems.quantity = `At most the ${maxQuantity} ${maxQuantity === 1 ? 'unit' : 'units'} of the movement.`;
  }
  if (statesUnitValue(draft) && draft.unitValue !== null && draft.unitValue < 0) {
    problems.unitValue = 'Enter 0 or more.';
  }
  if (draft.incidentDate === '') problems.incidentDate = 'Enter the day it happened.';
  else if (draft.incidentDate > window.latest) {
    problems.incidentDate = 'The incident date cannot be in the future.';
  } else if (draft.incidentDate < window.earliest) {
    problems.incidentDate = `Claims are filed within ${FILING_WINDOW_DAYS} days of the incident.`;
  }
  const description = draft.description.trim();
  if (description.length < DESCRIPTION_MIN) {
    problems.description = `Describe what happened in at least ${DESCRIPTION_MIN} characters.`;
  } else if (draft.description.length > DESCRIPTION_MAX) {
    problems.description = `At most ${DESCRIPTION_MAX} characters.`;
  }
  if (draft.reference.length > REFERENCE_MAX) {
    problems.reference = `At most ${REFERENCE_MAX} characters.`;
  }
  return problems;
}

/** Whether the draft states its own unit value: a claim of type other without an item. */
export const statesUnitValue = (draft: Pick<ClaimDraft, 'type' | 'item'>): boolean =>
  draft.type === 'other' && draft.item === null;

/** The API's body of a draft (create, or the whole of an edit). */
export function draftBody(draft: ClaimDraft) {
  return {
    type: draft.type as ClaimType,
    itemId: draft.item?.id ?? null,
    quantity: draft.quantity ?? 0,
    // Otherwise the item's unit value is copied (docs/api.md, filing rules).
    ...(statesUnitValue(draft) ? { unitValue: draft.unitValue ?? 0 } : {}),
    incidentDate: draft.incidentDate,
    description: draft.description.trim(),
    reference: draft.reference.trim() === '' ? null : draft.reference.trim(),
  };
}

/** What differs between two drafts' bodies: the PATCH of an edit sends only that. */
export function changedFields(
  before: ReturnType<typeof draftBody>,
  after: ReturnType<typeof draftBody>,
): Partial<ReturnType<typeof draftBody>> {
  const changed: Partial<Record<keyof typeof after, unknown>> = {};
  for (const key of Object.keys(after) as Array<keyof typeof after>) {
    if (after[key] !== before[key]) changed[key] = after[key];
  }
  return changed as Partial<ReturnType<typeof draftBody>>;
}
