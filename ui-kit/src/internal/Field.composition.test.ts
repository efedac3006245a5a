import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const src = join(__dirname, '..');

/** The declarations of each rule of a stylesheet, by selector (comments dropped). */
function rules(css: string): Array<{ selector: string; properties: string[] }> {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...text.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector = '', body = '']) => ({
    selector: selector.trim(),
    properties: body
      .split(';')
      .map((declaration) => declaration.split(':')[0]?.trim() ?? '')
      .filter((property) => property !== '' && property !== 'composes'),
  }));
}

/** `padding` and `padding-inline-end` set the same thing; so do `min-height` and `min-height`. */
const overlaps = (a: string, b: string) =>
  !a.startsWith('--') &&
  !b.startsWith('--') &&
  (a === b || a.startsWith(`${b}-`) || b.startsWith(`${a}-`));

const control = rules(readFileSync(join(src, 'internal/Field.module.css'), 'utf8')).find(
  ({ selector }) => selector === '.control',
);

const composing = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.module.css'))
  .flatMap((file) =>
    rules(readFileSync(join(src, file), 'utf8'))
      .filter(({ selector }) => !selector.includes('['))
      .filter((rule) => {
        const body = readFileSync(join(src, file), 'utf8');
        return new RegExp(
          `${rule.selector.replace('.', '\\.')}\\s*\\{[^}]*composes:\\s*control from '../internal/Field.module.css'`,
        ).test(body);
      })
      .map((rule) => ({ file, ...rule })),
  );

describe("classes composing Field's control", () => {
  it('are found', () => {
    expect(control?.properties).toContain('padding-inline');
    expect(composing.map(({ file }) => file).sort()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('SearchField'),
        expect.stringContaining('Select'),
        expect.stringContaining('Textarea'),
      ]),
    );
  });

  // The build copies Field.module.css once per composing module, in no fixed order (vitejs/vite#7504):
  // a redeclared property would win or lose by the order of the copies. Variables carry the changes.
  it.each(composing.map((rule) => [`${rule.file} ${rule.selector}`, rule] as const))(
    '%s redeclares none of its properties',
    (_name, rule) => {
      const clashes = rule.properties.filter((property) =>
        (control?.properties ?? []).some((own) => overlaps(property, own)),
      );
      expect(clashes).toEqual([]);
    },
  );
});
