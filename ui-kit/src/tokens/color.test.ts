import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const css = readFileSync(join(process.cwd(), 'src/tokens/color.css'), 'utf8');

type Palette = Map<string, string>;

function block(selectorStart: string): Palette {
  const start = css.indexOf(selectorStart);
  if (start < 0) throw new Error(`No block for ${selectorStart}`);
  const open = css.indexOf('{', start);
  const close = css.indexOf('}', open);
  const palette: Palette = new Map();
  for (const match of css.slice(open + 1, close).matchAll(/(--ppui-[\w-]+):\s*([^;]+);/g)) {
    palette.set(match[1] as string, (match[2] as string).trim());
  }
  return palette;
}

function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const [r = 0, g = 0, b = 0] = channels;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(palette: Palette, foreground: string, background: string): number {
  const fg = palette.get(`--ppui-color-${foreground}`);
  const bg = palette.get(`--ppui-color-${background}`);
  if (!fg?.startsWith('#') || !bg?.startsWith('#')) {
    throw new Error(`Missing hex colour for ${foreground} on ${background}`);
  }
  const [light, dark] = [luminance(fg), luminance(bg)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const tones = ['accent', 'neutral', 'success', 'warning', 'danger', 'purple', 'teal'];
const surfaces = ['bg', 'bg-subtle', 'surface'];

// WCAG 2.2 AA: 4.5:1 for text, 3:1 for the boundaries of controls and focus indicators.
const textPairs: Array<[string, string]> = [
  ...surfaces.flatMap((s): Array<[string, string]> => [
    ['fg', s],
    ['fg-muted', s],
    ['fg-link', s],
    ['danger-fg', s],
    ['success-fg', s],
  ]),
  ['fg', 'surface-hover'],
  ['fg', 'surface-pressed'],
  ['fg-muted', 'bg-inset'],
  ...tones.map((tone): [string, string] => ['fg-on-emphasis', `${tone}-emphasis`]),
  ...tones.map((tone): [string, string] => [`${tone}-fg`, `${tone}-subtle`]),
  ...tones.map((tone): [string, string] => [`${tone}-fg`, 'bg']),
  ['fg-on-emphasis', 'accent-emphasis-hover'],
  ['fg-on-emphasis', 'accent-emphasis-pressed'],
  ['fg-on-emphasis', 'danger-emphasis-hover'],
  ['fg-on-emphasis', 'danger-emphasis-pressed'],
];
const uiPairs: Array<[string, string]> = [
  ['border-strong', 'bg'],
  ['border-strong', 'surface'],
  ['focus-ring', 'bg'],
  ['focus-ring', 'surface'],
];

const themes = {
  light: block(":root,\n[data-theme='light'] {"),
  dark: block("[data-theme='dark'] {"),
};

describe('colour tokens', () => {
  it.each(Object.entries(themes))('%s theme: text pairs reach 4.5:1', (_name, palette) => {
    const failures = textPairs
      .map(([fg, bg]) => ({ pair: `${fg} on ${bg}`, ratio: contrast(palette, fg, bg) }))
      .filter(({ ratio }) => ratio < 4.5);
    expect(failures).toEqual([]);
  });

  it.each(Object.entries(themes))('%s theme: control boundaries reach 3:1', (_name, palette) => {
    const failures = uiPairs
      .map(([fg, bg]) => ({ pair: `${fg} on ${bg}`, ratio: contrast(palette, fg, bg) }))
      .filter(({ ratio }) => ratio < 3);
    expect(failures).toEqual([]);
  });

  it('defines the same tokens in light and dark', () => {
    expect([...themes.dark.keys()].sort()).toEqual([...themes.light.keys()].sort());
  });

  it('follows the system preference with exactly the dark palette', () => {
    expect(css).toContain("@media (prefers-color-scheme: dark) {\n  [data-theme='system'] {");
    expect(block("  [data-theme='system'] {")).toEqual(themes.dark);
  });
});
