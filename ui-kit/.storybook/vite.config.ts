import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { cssModules } from '../css-modules.config.ts';

// Storybook builds an app, not the library: it shares the CSS Modules naming, not library mode.
export default defineConfig({
  plugins: [react()],
  css: { modules: cssModules },
});
