/** Where the e2e suites reach the servers that playwright.config.ts starts. */
export const portalURL = `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`;
export const storybookURL = `http://localhost:${Number(process.env.E2E_STORYBOOK_PORT ?? 6106)}`;
/** The built Storybook of the visual test (playwright.visual.config.ts), apart from the e2e run's. */
export const visualStorybookURL = `http://localhost:${Number(process.env.E2E_VISUAL_PORT ?? 6107)}`;
