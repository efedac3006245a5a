// Ships the design tokens to other apps from their one source, the CSS of src/tokens/:
//   dist/tokens.css   the token files themselves (custom properties only, no document rules)
//   dist/tokens.json  the same values, parsed from that CSS, grouped (README.md, "Tokens")
//   dist/tokens.js    `export const tokens` (the JSON) and `cssVariables`, typed by dist/tokens.d.ts
// Both come from the same text in one run, so they cannot differ; the outside-consumer test reads
// every value of tokens.json back from tokens.css in Chromium.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The token files, in the order of src/tokens/index.css (base.css holds document rules, not tokens). */
const files = ['color.css', 'space.css', 'typography.css', 'shadow.css', 'motion.css'];

/**
 * Groups by the name after `--ppui-`. Groups named after their prefix drop it from the key
 * (`--ppui-color-accent-emphasis` is `color.*["accent-emphasis"]`); the others keep the full name
 * (`--ppui-font-size-md` is `type["font-size-md"]`). `cssVariable()` below is the inverse.
 */
const prefixGroups = ['color', 'shadow', 'space', 'radius', 'size', 'z'];
const namedGroups = [
  ['type', /^(font|line-height)-/],
  ['motion', /^(duration|easing)-/],
  ['border', /^(border-width|focus-ring-)/],
];
/** Groups whose values change with the theme: `{ light, dark }`. */
const themedGroups = new Set(['color', 'shadow']);

function groupOf(name) {
  const prefixed = prefixGroups.find((group) => name.startsWith(`${group}-`));
  if (prefixed) return [prefixed, name.slice(prefixed.length + 1)];
  const named = namedGroups.find(([, pattern]) => pattern.test(name));
  if (named) return [named[0], name];
  throw new Error(
    `build-tokens: --ppui-${name} belongs to no group: add it to scripts/build-tokens.mjs`,
  );
}

/** Which set a block's selector (and enclosing @media) feeds: light, dark, reducedMotion, or none. */
function setOf(context) {
  const text = context.join(' ').replace(/\s+/g, ' ');
  if (text.includes("[data-theme='system']")) return null; // the copy of dark (color.test.ts)
  if (text.includes('prefers-reduced-motion: reduce')) return 'reducedMotion';
  if (text.includes("[data-theme='dark']")) return 'dark';
  if (/^:root\b/.test(text)) return 'light';
  throw new Error(`build-tokens: a token block of unknown selector "${text}"`);
}

/** Custom properties of a stylesheet, by the block (selector path) that declares them. */
function declarations(css) {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const found = [];
  const context = [];
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '{') {
      context.push(text.slice(start, i).trim());
      start = i + 1;
    } else if (char === '}' || char === ';') {
      const body = text.slice(start, i).trim();
      const match = /^(--ppui-[\w-]+)\s*:\s*([\s\S]+)$/.exec(body);
      if (match) found.push({ context: [...context], name: match[1], value: match[2] });
      if (char === '}') context.pop();
      start = i + 1;
    }
  }
  return found;
}

/** One spelling of a value for every reader: the CSS's own text with its whitespace collapsed. */
const normalise = (value) => value.replace(/\s+/g, ' ').trim();

const sources = files.map((file) => readFileSync(`${root}/src/tokens/${file}`, 'utf8'));
const tokens = {};
const reducedMotion = {};
for (const { context, name, value } of sources.flatMap(declarations)) {
  const set = setOf(context);
  if (!set) continue;
  const [group, key] = groupOf(name.slice('--ppui-'.length));
  if (set === 'reducedMotion') {
    reducedMotion[key] = normalise(value);
    continue;
  }
  tokens[group] ??= themedGroups.has(group) ? { light: {}, dark: {} } : {};
  const target = themedGroups.has(group) ? tokens[group][set] : tokens[group];
  if (set === 'dark' && !themedGroups.has(group)) {
    throw new Error(
      `build-tokens: --ppui-${name} changes with the theme: add its group to themedGroups`,
    );
  }
  target[key] = normalise(value);
}
tokens.motion = { ...tokens.motion, reduced: reducedMotion };

for (const group of themedGroups) {
  const { light, dark } = tokens[group];
  const missing = Object.keys(light).filter((key) => !(key in dark));
  if (missing.length)
    throw new Error(`build-tokens: no dark value for ${group} ${missing.join(', ')}`);
}

const json = `${JSON.stringify(tokens, null, 2)}\n`;
const banner =
  '/* @partner-portal/ui-kit design tokens: custom properties only (README.md, "Tokens"). */\n';
mkdirSync(`${root}/dist`, { recursive: true });
writeFileSync(`${root}/dist/tokens.css`, banner + sources.join('\n'));
writeFileSync(`${root}/dist/tokens.json`, json);
writeFileSync(
  `${root}/dist/tokens.js`,
  `/** The design tokens (README.md, "Tokens"); the same values as tokens.css and tokens.json. */
export const tokens = ${json.trim()};

const prefixGroups = ${JSON.stringify(prefixGroups)};

/** The CSS custom property of a token: \`cssVariable('color', 'accent-emphasis')\` is \`--ppui-color-accent-emphasis\`. */
export function cssVariable(group, key) {
  return prefixGroups.includes(group) ? \`--ppui-\${group}-\${key}\` : \`--ppui-\${key}\`;
}
`,
);

/** A TypeScript type spelling the exact value of each token, so that a typo fails to compile. */
function typeOf(value, indent) {
  if (typeof value === 'string') return JSON.stringify(value);
  const pad = '  '.repeat(indent + 1);
  const entries = Object.entries(value).map(
    ([key, inner]) => `${pad}readonly ${JSON.stringify(key)}: ${typeOf(inner, indent + 1)};`,
  );
  return `{\n${entries.join('\n')}\n${'  '.repeat(indent)}}`;
}
writeFileSync(
  `${root}/dist/tokens.d.ts`,
  `/** The design tokens (README.md, "Tokens"); the same values as tokens.css and tokens.json. */
export declare const tokens: ${typeOf(tokens, 0)};

export type TokenGroup = keyof typeof tokens;

/** The CSS custom property of a token: \`cssVariable('color', 'accent-emphasis')\` is \`--ppui-color-accent-emphasis\`. */
export declare function cssVariable(group: TokenGroup, key: string): \`--ppui-\${string}\`;
`,
);
console.log(
  `build-tokens: ${Object.entries(tokens)
    .map(
      ([group, values]) =>
        `${group} ${Object.keys(themedGroups.has(group) ? values.light : values).length}`,
    )
    .join(', ')}`,
);
