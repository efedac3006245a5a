import type { Decorator, Preview } from '@storybook/react-vite';
import { createElement, useEffect, type ReactNode } from 'react';
// Inter, the first font of --ppui-font-sans, from the package rather than the system: Storybook looks
// the same on every machine, and the visual test's screenshots do not depend on installed fonts.
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import '../src/tokens/index.css';

type Theme = 'light' | 'dark';
type Direction = 'ltr' | 'rtl';

/**
 * Applies the toolbar's theme (or a story's `parameters.theme`) to the document root, as an app
 * would, so that portals such as dialogs and toasts rendered outside the story are themed too.
 * `parameters.direction: 'rtl'` renders a story right-to-left; `parameters.bleed` drops the padding
 * for full-page components.
 */
const withTheme: Decorator = (Story, context) =>
  createElement(
    ThemeRoot,
    {
      theme:
        (context.parameters['theme'] as Theme | undefined) ??
        (context.globals['theme'] as Theme | undefined) ??
        'light',
      direction: (context.parameters['direction'] as Direction | undefined) ?? 'ltr',
      bleed: context.parameters['bleed'] === true,
    },
    createElement(Story),
  );

function ThemeRoot({
  theme,
  direction,
  bleed,
  children,
}: {
  theme: Theme;
  direction: Direction;
  bleed: boolean;
  children?: ReactNode;
}) {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset['theme'] = theme;
    root.dir = direction;
  }, [theme, direction]);
  return createElement(
    'div',
    {
      'data-theme': theme,
      dir: direction,
      style: { padding: bleed ? 0 : '1.5rem', minHeight: '100vh' },
    },
    children,
  );
}

const preview: Preview = {
  decorators: [withTheme],
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  // Checks run from the a11y panel on demand: an automatic run would collide with the axe run of the
  // e2e Storybook walk ("Axe is already running"), which covers every story in both themes.
  initialGlobals: { theme: 'light', a11y: { manual: true } },
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
    a11y: { test: 'error' },
    docs: { toc: true },
  },
  tags: ['autodocs'],
};

export default preview;
