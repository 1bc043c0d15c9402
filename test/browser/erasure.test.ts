import type { Locator, Page } from 'playwright-core';
import { LAPTOP, launchPerson, PHONE, type Person } from './support/browser';
import { ADMIN_PASSWORD, startApp, type RunningApp } from './support/server';
import { collectPageErrors, loginForm, see } from './support/player';
import { wcagViolations } from './support/accessibility';

const PASSWORD = 'passwort123';
const ERASED = 'Gelöschtes Konto';

async function register(baseUrl: string, login: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, name: login, newPassword: PASSWORD }),
  });
  expect(response.status).toBe(201);
}

async function logIn(page: Page, baseUrl: string, login: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await loginForm(page).getByLabel('Nutzername').fill(login);
  await loginForm(page).getByLabel('Passwort').fill(password);
  await loginForm(page).getByRole('button', { name: 'Einloggen' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

function row(page: Page, name: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

/** "Konto löschen" (PROTOCOL.md wave 4, Erasure): on the player's profile, and beside each user on the admin's roles screen. */
describe('erasing an account in the browser', () => {
  let app: RunningApp;
  let player: Person;
  let admin: Person;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    app = await startApp();
    player = await launchPerson(PHONE);
    admin = await launchPerson(LAPTOP);
    collectPageErrors(player.page, 'player', pageErrors);
    collectPageErrors(admin.page, 'admin', pageErrors);
    for (const login of ['vergessene', 'gast']) await register(app.baseUrl, login);
  });

  afterAll(async () => {
    await player?.close();
    await admin?.close();
    await app?.stop();
  });

  afterEach(() => {
    expect(pageErrors.splice(0)).toEqual([]);
  });

  it('a player erases their own account from the profile: a wrong password is refused in German, the right one logs them out for good', async () => {
    const page = player.page;
    await logIn(page, app.baseUrl, 'vergessene', PASSWORD);
    await page.goto(`${app.baseUrl}/profile`);
    const form = page.getByRole('form', { name: 'Konto löschen' });
    await see(form);
    expect(await wcagViolations(page)).toEqual([]);
    await form.getByLabel('Aktuelles Passwort').fill('falsch');
    await form.getByRole('button', { name: 'Konto endgültig löschen' }).click();
    await see(form.getByText('Bitte bestätige, dass du dein Konto endgültig löschen möchtest.'));
    await form.getByLabel('Ja, ich möchte mein Konto endgültig löschen.').check();
    await form.getByRole('button', { name: 'Konto endgültig löschen' }).click();
    await see(form.getByText('Das aktuelle Passwort fehlt oder ist falsch.'));

    await form.getByLabel('Aktuelles Passwort').fill(PASSWORD);
    await form.getByRole('button', { name: 'Konto endgültig löschen' }).click();
    await see(page.getByRole('status').filter({ hasText: 'Dein Konto ist gelöscht.' }));
    await page.goto(`${app.baseUrl}/profile`);
    await see(loginForm(page)); // logged out: the profile asks for a login
    const login = await fetch(`${app.baseUrl}/api/token-auth/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'vergessene', password: PASSWORD }),
    });
    expect(login.status).toBe(403);
  });

  it('the admin erases a user beside their roles; the row goes, and the last admin cannot be erased', async () => {
    const page = admin.page;
    await logIn(page, app.baseUrl, 'admin', ADMIN_PASSWORD);
    await page.goto(`${app.baseUrl}/admin/users`);
    await see(page.getByRole('heading', { name: 'Benutzer und Rollen', level: 1 }));
    await see(row(page, 'gast'));
    expect(await page.getByRole('rowheader', { name: ERASED }).count()).toBe(0); // the erased account is not listed
    expect(await wcagViolations(page)).toEqual([]);

    page.once('dialog', (dialog) => void dialog.accept());
    await row(page, 'gast').getByRole('button', { name: 'Konto von gast löschen' }).click();
    // The server wants the admin's own current password: a wrong one is refused in German.
    await row(page, 'gast').getByLabel('Dein aktuelles Passwort (zur Bestätigung)').fill('falsch-geraten');
    await row(page, 'gast').getByRole('button', { name: 'Endgültig löschen' }).click();
    await see(page.getByRole('alert').filter({ hasText: 'Das aktuelle Passwort fehlt oder ist falsch.' }));
    await row(page, 'gast').getByLabel('Dein aktuelles Passwort (zur Bestätigung)').fill(ADMIN_PASSWORD);
    await row(page, 'gast').getByRole('button', { name: 'Endgültig löschen' }).click();
    await see(page.getByRole('status').filter({ hasText: 'Das Konto von gast ist gelöscht.' }));
    await row(page, 'gast').waitFor({ state: 'detached' });

    page.once('dialog', (dialog) => void dialog.accept());
    await row(page, 'admin').getByRole('button', { name: 'Konto von admin löschen' }).click();
    await row(page, 'admin').getByLabel('Dein aktuelles Passwort (zur Bestätigung)').fill(ADMIN_PASSWORD);
    await row(page, 'admin').getByRole('button', { name: 'Endgültig löschen' }).click();
    await see(
      page.getByRole('alert').filter({
        hasText:
          'Die Show braucht mindestens einen Admin: Gib zuerst einem anderen Benutzer die Rolle admin, bevor du dieses Konto löschst.',
      }),
    );
    await see(row(page, 'admin'));
  });
});
