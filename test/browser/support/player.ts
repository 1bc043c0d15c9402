import type { Locator, Page } from 'playwright-core';

/** German texts of the spec that the tests look for. */
export const TEXTS = {
  login403: 'Sie haben ein falschen Nutzername oder ein falsches Passwort eingegeben.',
};

/** Waits until the locator is visible (what a user sees). */
export async function see(locator: Locator, timeout?: number): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

export function loginForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Einloggen' });
}

export function registrationForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Registrieren' });
}

export async function fillRegistration(
  form: Locator,
  username: string,
  password: string,
  repeat: string,
): Promise<void> {
  await form.getByLabel('Nutzername').fill(username);
  await form.getByLabel('Passwort', { exact: true }).fill(password);
  await form.getByLabel('Passwort wiederholen').fill(repeat);
}

/** Uncaught errors in the page end up in `into`, prefixed with the person's name. */
export function collectPageErrors(page: Page, who: string, into: string[]): void {
  page.on('pageerror', (error) => into.push(`${who}: ${error.message}`));
}
