import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { LAPTOP, launchPerson, type Person, SCREENSHOT_DIR } from './support/browser';
import { ADMIN_PASSWORD, startApp, type RunningApp } from './support/server';
import { collectPageErrors, loginForm, see } from './support/player';
import { untilInPage } from '../support/page-wait';

const LAST_ADMIN =
  'Die Show braucht mindestens einen Admin: Gib zuerst einem anderen Benutzer die Rolle admin, bevor du sie hier entfernst.';

async function register(baseUrl: string, login: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, name: login, newPassword: 'passwort123' }),
  });
  expect(response.status).toBe(201);
}

async function permOf(baseUrl: string, login: string): Promise<string[]> {
  const auth = await fetch(`${baseUrl}/api/token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: login, password: 'passwort123' }),
  });
  const { token } = (await auth.json()) as { token: string };
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { perm: string[] }).perm;
}

function row(page: Page, name: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

/**
 * The admin gives roles in the browser (issue "Run a real show with a real team"): registered users are
 * found by name, a role is toggled and holds on the server, and the last admin's refusal is shown.
 */
describe('Benutzer und Rollen in the browser', () => {
  let app: RunningApp;
  let admin: Person;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    app = await startApp();
    admin = await launchPerson(LAPTOP);
    collectPageErrors(admin.page, 'admin', pageErrors);
    for (const login of ['lena', 'ole', 'paula']) await register(app.baseUrl, login);
  });

  afterAll(async () => {
    await admin?.close();
    await app?.stop();
  });

  afterEach(() => {
    expect(pageErrors.splice(0)).toEqual([]);
  });

  it('the admin finds a registered user, makes her a Kontrolleurin, and cannot remove the last admin', async () => {
    const page = admin.page;
    await page.goto(`${app.baseUrl}/login`);
    await loginForm(page).getByLabel('Nutzername').fill('admin');
    await loginForm(page).getByLabel('Passwort').fill(ADMIN_PASSWORD);
    await loginForm(page).getByRole('button', { name: 'Einloggen' }).click();
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Admin', exact: true })
      .click();
    await page.getByRole('link', { name: 'Benutzer und Rollen' }).click();
    await see(page.getByRole('heading', { name: 'Benutzer und Rollen', level: 1 }));
    await see(page.getByRole('status').filter({ hasText: '4 Benutzer' }));

    await page.getByLabel('Benutzer suchen').fill('LEN');
    await see(page.getByRole('status').filter({ hasText: '1 von 4 Benutzern' }));
    const lena = row(page, 'lena');
    const tester = lena.getByRole('checkbox', { name: 'Kontrolle für lena' });
    expect(await tester.isChecked()).toBe(false);
    await tester.click(); // the box shows what the server holds: it turns on once the server has answered
    await see(page.getByRole('status').filter({ hasText: 'Rollen von lena: Kontrolle' }));
    expect(await tester.isChecked()).toBe(true);
    expect(await lena.getByRole('checkbox', { name: 'Moderation für lena' }).isChecked()).toBe(false);
    expect(await permOf(app.baseUrl, 'lena')).toEqual(['tester']);

    await page.getByLabel('Benutzer suchen').fill('');
    const own = row(page, 'admin').getByRole('checkbox', { name: 'Admin für admin' });
    expect(await own.isChecked()).toBe(true);
    await own.click();
    await see(page.getByRole('alert').filter({ hasText: LAST_ADMIN }));
    await untilInPage(page, '!document.querySelector("tr[aria-busy=true]")');
    expect(await own.isChecked()).toBe(true);
    expect(await row(page, 'lena').getByRole('checkbox', { name: 'Kontrolle für lena' }).isChecked()).toBe(true);

    await page.mouse.move(0, 0);
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'admin-users-roles.png'),
      animations: 'disabled',
      caret: 'hide',
    });
  });
});
