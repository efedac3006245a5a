import type { Locator, Page } from '@playwright/test';

import { expect } from './fixtures';

/** The parts of a claim's page that the claims and staff suites act on. */
export const actions = (page: Page) => page.getByRole('group', { name: 'Claim actions' });
export const timeline = (page: Page) => page.getByRole('list', { name: 'Claim history' });
export const headerStatus = (page: Page) => page.getByRole('main').locator('header').first();

/** Runs one action of the claim page through its dialog. */
export async function act(
  page: Page,
  button: string,
  dialogName: string,
  confirm: string,
  fill: (dialog: Locator) => Promise<void> = async () => undefined,
) {
  await actions(page).getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await fill(dialog);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
}
