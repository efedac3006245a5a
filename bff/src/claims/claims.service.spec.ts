import { addDays, partnerToday } from '../common/partner-day.js';
import { missingOf } from './claim.mapper.js';
import { ifMatchVersions } from './claim.problems.js';
import type { ClaimRecord } from './claims.repository.js';

describe('ifMatchVersions', () => {
  it.each([
    ['"3"', [3]],
    [' "3" ', [3]],
    ['3', [3]],
    ['"3", "4"', [3, 4]],
    ['W/"3"', []],
    ['"3', []],
    ['"abc"', []],
    ['"99999999999"', []],
  ])('reads %p as %p', (header, versions) => {
    expect(ifMatchVersions(header)).toEqual(versions);
  });

  it.each([undefined, '', ' ', '*'])('reads %p as no precondition', (header) => {
    expect(ifMatchVersions(header)).toBeUndefined();
  });
});

describe('the filing window', () => {
  it('counts days in the partner’s time zone', () => {
    const lateEvening = new Date('2026-11-22T23:30:00Z');
    expect(partnerToday(lateEvening, 'Europe/Berlin')).toBe('2026-11-23');
    expect(partnerToday(lateEvening, 'America/New_York')).toBe('2026-11-22');
    expect(partnerToday(lateEvening, 'Not/AZone')).toBe('2026-11-22');
  });

  it('moves days across months and leap years', () => {
    expect(addDays('2026-03-01', -60)).toBe('2025-12-31');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  const draft = (
    incidentDate: string,
    type: ClaimRecord['type'],
    evidence: string[] = [],
    movementDay?: string,
  ) =>
    ({
      status: 'draft',
      type,
      incidentDate,
      evidenceTypes: evidence,
      movement: movementDay === undefined ? null : { day: movementDay },
    }) as unknown as ClaimRecord;

  it('says what blocks submit: the window, then the evidence of the type', () => {
    const today = '2026-11-23';
    expect(missingOf(draft('2026-09-24', 'lost'), today)).toEqual([]);
    expect(missingOf(draft('2026-09-23', 'lost'), today)).toEqual([
      { field: 'incidentDate', message: expect.stringContaining('2026-09-24') },
    ]);
    expect(missingOf(draft('2026-11-24', 'other'), today)).toEqual([
      { field: 'incidentDate', message: 'The incident date is in the future.' },
    ]);
    expect(missingOf(draft(today, 'damaged', ['application/pdf']), today)).toEqual([
      { field: 'attachments', message: 'Attach a photo of the damage.' },
    ]);
    expect(missingOf(draft(today, 'damaged', ['image/webp']), today)).toEqual([]);
    expect(missingOf(draft(today, 'shortage', ['application/pdf']), today)).toEqual([]);
  });

  it('counts the window of a claim on a movement from the movement’s day, not the row’s', () => {
    const today = '2026-11-23';
    expect(missingOf(draft('2026-11-20', 'lost', [], '2026-09-24'), today)).toEqual([]);
    expect(missingOf(draft('2026-11-20', 'lost', [], '2026-09-23'), today)).toEqual([
      {
        field: 'incidentDate',
        message: 'The filing window of its movement closed on 2026-11-22.',
      },
    ]);
  });
});
