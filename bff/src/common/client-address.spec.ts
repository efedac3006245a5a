import { addressBucket, isAddressOrRange } from './client-address.js';

describe('addressBucket', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['203.0.113.7:51234', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['[::ffff:203.0.113.7]:443', '203.0.113.7'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['[2001:db8:1:2::99]:8080', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    [' 2001:DB8:1:2::1 ', '2001:db8:1:2::/64'],
  ])('%s counts as %s', (raw, bucket) => {
    expect(addressBucket(raw)).toBe(bucket);
  });

  it('puts two addresses of one /64 in one bucket and another /64 in another', () => {
    expect(addressBucket('2001:db8:1:2::1')).toBe(addressBucket('2001:db8:1:2:ffff::9'));
    expect(addressBucket('2001:db8:1:3::1')).not.toBe(addressBucket('2001:db8:1:2::1'));
  });

  it('keeps text that is no address apart from every address', () => {
    expect(addressBucket('unknown')).toBe('other:unknown');
  });
});

describe('isAddressOrRange', () => {
  it.each(['10.0.0.1', '10.0.0.0/8', '::1', '2001:db8::/32', 'fd00::/8'])('accepts %s', (raw) => {
    expect(isAddressOrRange(raw)).toBe(true);
  });

  it.each(['10.0.0', '10.0.0.0/33', 'proxy.internal', '2', '10.0.0.1-10.0.0.9'])(
    'refuses %s',
    (raw) => {
      expect(isAddressOrRange(raw)).toBe(false);
    },
  );
});
