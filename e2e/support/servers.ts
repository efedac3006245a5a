/** Where the e2e suites reach the servers that playwright.config.ts starts. */
export const portalURL = `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`;
export const storybookURL = `http://localhost:${Number(process.env.E2E_STORYBOOK_PORT ?? 6106)}`;
