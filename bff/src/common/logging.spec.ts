import { redactUrl } from './logging.js';

describe('redactUrl', () => {
  it.each([
    ['/reset-password?token=abc123', '/reset-password?token=[redacted]'],
    ['/welcome?token=abc&next=%2Fx', '/welcome?token=[redacted]&next=%2Fx'],
    ['/api/auth/invitations/abc123', '/api/auth/invitations/[redacted]'],
    ['/api/auth/invitations/abc123/accept', '/api/auth/invitations/[redacted]/accept'],
    ['/acme-outdoor/claims?status=draft&q=tent', '/acme-outdoor/claims?status=draft&q=tent'],
    ['/signin', '/signin'],
    ['/x?', '/x'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
