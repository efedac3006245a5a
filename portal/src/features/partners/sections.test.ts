import { navigationSections, sectionOf, switchPartnerPath } from './sections';

describe('switchPartnerPath', () => {
  it.each([
    ['/acme-outdoor/overview', '/northwind/overview'],
    ['/acme-outdoor/analytics', '/northwind/analytics'],
    ['/acme-outdoor/inventory', '/northwind/inventory'],
    ['/acme-outdoor/inventory/item-1', '/northwind/inventory'],
    ['/acme-outdoor/claims', '/northwind/claims'],
    ['/acme-outdoor/claims/claim-1', '/northwind/claims'],
    ['/acme-outdoor/members', '/northwind/members'],
    ['/acme-outdoor', '/northwind/overview'],
  ])('keeps the section of %s', (from, to) => {
    expect(switchPartnerPath(from, 'acme-outdoor', 'northwind')).toBe(to);
  });

  it('does not take a section name for a prefix of another', () => {
    expect(sectionOf('/acme-outdoor/claimsx', 'acme-outdoor').key).toBe('overview');
  });
});

describe('navigationSections', () => {
  it('keeps the four sections for everyone and adds the members for admins', () => {
    const labels = (role: Parameters<typeof navigationSections>[0]) =>
      navigationSections(role).map(({ label }) => label);
    const four = ['Overview', 'Analytics', 'Inventory', 'Claims'];
    expect(labels('viewer')).toEqual(four);
    expect(labels('manager')).toEqual(four);
    expect(labels(undefined)).toEqual(four);
    expect(labels('admin')).toEqual([...four, 'Members']);
  });
});
