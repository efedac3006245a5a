import { refusedAddress } from './webhook-address.js';
import { refusedUrl } from './webhook-sender.js';

describe('the webhook address rule', () => {
  const notPublic = [
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'fc12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    '2002:c0a8:0101::1',
  ];
  const publicAddresses = [
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
  ];

  it.each(notPublic)('refuses %s under the public rule', (address) => {
    expect(refusedAddress(address, 'public')).toEqual(expect.stringContaining(address));
  });

  it.each(publicAddresses)('allows %s', (address) => {
    expect(refusedAddress(address, 'public')).toBeUndefined();
    expect(refusedAddress(address, 'loopback')).toBeUndefined();
  });

  it('allows the loopback, and only it, under the development rule', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect(refusedAddress(address, 'loopback')).toBeUndefined();
    }
    for (const address of ['10.0.0.1', '169.254.169.254', 'fe80::1', 'fd00::1']) {
      expect(refusedAddress(address, 'loopback')).toBeDefined();
    }
  });

  it('refuses http outside development, and http beyond the loopback in development', () => {
    expect(refusedUrl(new URL('http://hooks.example.com/'), 'public')).toMatch(/https only/);
    expect(refusedUrl(new URL('http://127.0.0.1:9/'), 'public')).toMatch(/https only/);
    expect(refusedUrl(new URL('http://hooks.example.com/'), 'loopback')).toMatch(/localhost/);
    expect(refusedUrl(new URL('http://localhost:9/'), 'loopback')).toBeUndefined();
    expect(refusedUrl(new URL('https://[::1]:9/'), 'public')).toMatch(/::1/);
    expect(refusedUrl(new URL('https://hooks.example.com/'), 'public')).toBeUndefined();
  });
});
