import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// In development the BFF runs on :3000; the portal's dev server forwards /api to it so that cookies
// stay same-origin, exactly as they are in production where the BFF serves this build.
const bffOrigin = process.env.BFF_ORIGIN ?? 'http://localhost:3000';

/**
 * The BFF's Content-Security-Policy allows scripts from 'self' only (no 'unsafe-inline'), so an
 * inline script in the built index.html would be blocked in the browser: fail the build instead.
 */
function forbidInlineScripts(): Plugin {
  const inlineScript = /<script\b(?![^>]*\bsrc\s*=)[^>]*>/i;
  return {
    name: 'portal:forbid-inline-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const found = inlineScript.exec(html);
        if (found) {
          throw new Error(`index.html has an inline script, which the CSP blocks: ${found[0]}`);
        }
        return html;
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), forbidInlineScripts()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: bffOrigin, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: true,
  },
});
