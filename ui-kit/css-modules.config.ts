import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { CSSModulesOptions } from 'vite';

/**
 * One naming scheme for the library build and Storybook: readable, collision-free class names
 * (`ppui-Button-root-3hx1k`) so an app can tell the kit's classes from its own in devtools.
 */
export const cssModules: CSSModulesOptions = {
  localsConvention: 'camelCaseOnly',
  generateScopedName(local: string, filename: string) {
    const component = basename(filename).replace(/\.module\.css(\?.*)?$/, '');
    const hash = createHash('sha256')
      .update(`${component}/${local}`)
      .digest('base64url')
      .slice(0, 5);
    return `ppui-${component}-${local}-${hash}`;
  },
};
