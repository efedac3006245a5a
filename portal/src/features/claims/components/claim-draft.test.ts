import { changedFields, checkDraft, draftBody, emptyDraft, filingWindow } from './claim-draft';
import { rebaseDraft } from './claim-edit-form';

const today = '2026-11-23';
const complete = {
  ...emptyDraft,
  type: 'damaged' as const,
  item: { id: 'i1', sku: 'ACM-BOT-00006', name: 'Boots' },
  quantity: 2,
  incidentDate: '2026-11-18',
  description: 'Crushed carton, scuffed boots.',
};

describe('a claim draft', () => {
  it('has a filing window of 60 days up to today', () => {
    expect(filingWindow(today)).toEqual({ earliest: '2026-09-24', latest: today });
  });

  it('is checked before it is sent: each field names its problem', () => {
    expect(checkDraft(complete, { today })).toEqual({});
    expect(checkDraft(emptyDraft, { today })).toEqual({
      type: 'Choose what happened.',
      itemId: 'Choose the item.',
      quantity: 'Enter how many units.',
      incidentDate: 'Enter the day it happened.',
      description: 'Describe what happened in at least 10 characters.',
    });
    expect(checkDraft({ ...complete, type: 'other', item: null }, { today })).toEqual({});
    expect(checkDraft({ ...complete, quantity: 3 }, { today, maxQuantity: 2 }).quantity).toBe(
      'At most the 2 units of the movement.',
    );
    expect(checkDraft({ ...complete, incidentDate: '2026-11-24' }, { today }).incidentDate).toBe(
      'The incident date cannot be in the future.',
    );
    expect(checkDraft({ ...complete, incidentDate: '2026-09-23' }, { today }).incidentDate).toBe(
      'Claims are filed within 60 days of the incident.',
    );
    expect(checkDraft({ ...complete, reference: 'x'.repeat(201) }, { today }).reference).toBe(
      'At most 200 characters.',
    );
  });

  it('sends trimmed text, no empty reference, and on an edit only what changed', () => {
    const body = draftBody({ ...complete, description: '  Crushed.  carton ', reference: ' ' });
    expect(body).toMatchObject({ description: 'Crushed.  carton', reference: null, itemId: 'i1' });
    expect(changedFields(draftBody(complete), draftBody({ ...complete, quantity: 1 }))).toEqual({
      quantity: 1,
    });
  });

  it('merges over a claim that changed meanwhile: mine where I typed, theirs elsewhere', () => {
    const before = { ...complete, reference: 'ASN-1' };
    const mine = { ...before, description: 'My longer description of it.' };
    const now = { ...before, reference: 'ASN-2', quantity: 1 };
    expect(rebaseDraft(mine, before, now)).toEqual({
      ...now,
      description: 'My longer description of it.',
    });
  });
});
