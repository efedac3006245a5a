import { multiSession, staffMemberSession, staffSession, viewerSession } from '@/testing/fixtures';

import { landingPath } from './landing';

describe('landingPath', () => {
  it('leads a person of one partner to its overview, of several to the picker', () => {
    expect(landingPath(viewerSession)).toBe('/acme-outdoor/overview');
    expect(landingPath(multiSession)).toBe('/');
  });

  it('leads staff to the review queue, or to the picker when they belong to partners too', () => {
    expect(landingPath(staffSession)).toBe('/staff');
    // One partner is not enough to skip the picker: its first entry is the queue.
    expect(landingPath(staffMemberSession)).toBe('/');
  });
});
