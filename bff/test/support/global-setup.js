import { randomBytes } from 'node:crypto';

/**
 * Jest's global setup: names the template database of this run on the TEST_DATABASE_URL server
 * (test/support/test-database.ts builds it on first use, every migration applied, and copies it for
 * each spec file). The workers inherit the name through the environment.
 */
export default function globalSetup() {
  if (!process.env.TEST_DATABASE_URL) return;
  process.env.TEST_TEMPLATE_DATABASE = `bff_template_${randomBytes(6).toString('hex')}`;
}
