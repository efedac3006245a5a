#!/usr/bin/env node
/**
 * Fails when an installed package wants a newer Node than the repository supports: pnpm would print
 * "Unsupported engine" for it on install (docs/operations.md, Checking it). Every package pnpm installed
 * (`node_modules/.pnpm/<id>/node_modules/<name>/package.json`) must accept, by its `engines.node`,
 * the lowest Node of the root `engines.node` (the README's) and the Node running this check.
 *
 * `node scripts/check-engines.mjs [root]`: exit 0 and one summary line, or exit 1 and one line per
 * package that wants more.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

/** The `package.json` of every package in pnpm's virtual store under `root` (not its links). */
export function installedPackageFiles(root) {
  const store = path.join(root, 'node_modules', '.pnpm');
  const files = [];
  for (const entry of readdirSync(store, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'node_modules') continue;
    const modules = path.join(store, entry.name, 'node_modules');
    for (const name of readdirSync(modules, { withFileTypes: true })) {
      // A link is a dependency of the package, found again under its own store entry.
      if (!name.isDirectory()) continue;
      if (name.name.startsWith('@')) {
        for (const scoped of readdirSync(path.join(modules, name.name), { withFileTypes: true })) {
          if (scoped.isDirectory()) {
            files.push(path.join(modules, name.name, scoped.name, 'package.json'));
          }
        }
      } else {
        files.push(path.join(modules, name.name, 'package.json'));
      }
    }
  }
  return files;
}

/**
 * The installed packages whose `engines.node` refuses one of `nodeVersions`, as
 * `name@version wants node <range>`; as pnpm checks (prereleases included).
 */
export function unsupportedEngines(root, nodeVersions) {
  const refused = [];
  for (const file of installedPackageFiles(root)) {
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      continue; // a directory without a manifest (a package's own nested folder)
    }
    const wanted = manifest.engines?.node;
    if (typeof wanted !== 'string') continue;
    const refuses = nodeVersions.filter(
      (version) => !semver.satisfies(version, wanted, { includePrerelease: true }),
    );
    if (refuses.length > 0) {
      refused.push(
        `${manifest.name}@${manifest.version} wants node ${wanted} (not ${refuses.join(', ')})`,
      );
    }
  }
  return [...new Set(refused)].sort();
}

/** The Node versions the repository must install on: its root range's lowest, and this one. */
export function supportedNodeVersions(root, running = process.versions.node) {
  const range = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines?.node;
  const lowest = range === undefined ? null : semver.minVersion(range);
  if (lowest === null) throw new Error(`${root}/package.json has no engines.node range`);
  return [...new Set([lowest.version, running])];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
  );
  const versions = supportedNodeVersions(root);
  const refused = unsupportedEngines(root, versions);
  if (refused.length > 0) {
    console.error(`Installed packages that want another Node than ${versions.join(' and ')}:`);
    for (const line of refused) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log(
    `check-engines: ${installedPackageFiles(root).length} installed packages run on Node ${versions.join(' and ')}`,
  );
}
