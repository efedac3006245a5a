import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import {
  CONFIG_TABLE_END,
  CONFIG_TABLE_START,
  configTable,
  withConfigTable,
} from './config-docs.js';
import { REPO_ROOT, SETTINGS } from './settings.js';

const README = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');

describe('the configuration table of the README', () => {
  it('is the one generated from the declaration (run `pnpm --filter @partner-portal/bff config:docs`)', () => {
    expect(README).toBe(withConfigTable(README));
  });

  it('has one row per declared setting, and nothing else between its markers', () => {
    const section = README.slice(
      README.indexOf(CONFIG_TABLE_START) + CONFIG_TABLE_START.length,
      README.indexOf(CONFIG_TABLE_END),
    );
    const variables = [...section.matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((match) => match[1]);
    expect(variables).toEqual(SETTINGS.entries.map((setting) => setting.env));
  });

  it('fails when a setting changes without the README', () => {
    const stale = README.replace('HTTP port (`0`: any free port).', 'HTTP port.');
    expect(stale).not.toBe(withConfigTable(stale));
    expect(configTable()).toContain('HTTP port (`0`: any free port).');
  });
});
