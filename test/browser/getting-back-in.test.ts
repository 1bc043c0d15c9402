import type { Page } from 'playwright-core';
import { launchPerson, LAPTOP, PHONE, type Person } from './support/browser';
import { ADMIN_PASSWORD, startApp, type RunningApp } from './support/server';
import { collectPageErrors, loginForm, see } from './support/player';
import { TestMailServer } from '../support/mail-server';
import { wcagViolations } from './support/accessibility';

async function api(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function logIn(page: Page, baseUrl: string, login: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await loginForm(page).getByLabel('Nutzername').fill(login);
  await loginForm(page).getByLabel('Passwort').fill(password);
  await loginForm(page).getByRole('button', { name: 'Einloggen' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** PROTOCOL.md wave 5, "Getting back in, and one's own data": the reset through a real SMTP server. */
describe('getting back in, in the browser', () => {
  let mail: TestMailServer;
  let app: RunningApp;
  let player: Person;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    mail = await TestMailServer.start();
    app = await startApp({
      env: (baseUrl) => ({ PUBLIC_URL: baseUrl, SMTP_URL: mail.url, MAIL_FROM: 'Quiz-Crew <quiz@example.de>' }),
    });
    player = await launchPerson(PHONE);
    collectPageErrors(player.page, 'player', pageErrors);
    const registered = await api(app.baseUrl, 'POST', '/api/users', {
      login: 'lotte',
      name: 'lotte',
      newPassword: 'vergessen',
      email: 'lotte@example.de',
    });
    expect(registered.status).toBe(201);
  });

  afterAll(async () => {
    await player?.close();
    await app?.stop();
    await mail?.close();
  });

  afterEach(() => {
    expect(pageErrors.splice(0)).toEqual([]);
  });

  it('"Passwort vergessen?" on the login form leads to a mail whose link sets a new password and logs the player in', async () => {
    const page = player.page;
    await page.goto(`${app.baseUrl}/login`);
    await loginForm(page).getByRole('link', { name: 'Passwort vergessen?' }).click();
    await page.waitForURL((url) => url.pathname === '/passwort-neu');
    await see(page.getByRole('button', { name: 'Link anfordern' }));
    expect(await wcagViolations(page)).toEqual([]);
    await page.getByLabel('Nutzername oder E-Mail-Adresse').fill('lotte@example.de');
    await page.getByRole('button', { name: 'Link anfordern' }).click();
    await see(page.getByRole('status').filter({ hasText: 'ist jetzt eine E-Mail zu dir unterwegs' }));

    const [received] = await mail.until(1);
    expect(received!.subject).toBe('Dein neues Passwort für das Quiz');
    const link = /http\S+/.exec(received!.text)![0];
    expect(link.startsWith(`${app.baseUrl}/passwort-neu#`)).toBe(true);

    await page.goto(link);
    await see(page.getByRole('heading', { name: 'Neues Passwort setzen' }));
    expect(page.url()).toBe(`${app.baseUrl}/passwort-neu`); // the token left the address bar
    expect(await wcagViolations(page)).toEqual([]);
    await page.getByLabel('Neues Passwort', { exact: true }).fill('wieder-da');
    await page.getByLabel('Neues Passwort wiederholen').fill('wieder-da');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await see(page.getByText('Dein neues Passwort ist gespeichert. Du bist eingeloggt.'));
    await page.waitForURL((url) => url.pathname === '/');

    expect(
      (await api(app.baseUrl, 'POST', '/api/token-auth/', { username: 'lotte', password: 'vergessen' })).status,
    ).toBe(403);
    expect(
      (await api(app.baseUrl, 'POST', '/api/token-auth/', { username: 'lotte', password: 'wieder-da' })).status,
    ).toBe(200);
    // The same link again: used.
    await page.goto(link);
    await page.getByLabel('Neues Passwort', { exact: true }).fill('noch-einmal');
    await page.getByLabel('Neues Passwort wiederholen').fill('noch-einmal');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await see(page.getByText('Dieser Link ist ungültig, abgelaufen, schon benutzt oder durch einen neueren ersetzt.'));
  });

  it('links Impressum and Datenschutz on every page; the registration links the privacy text; the admin screen warns while the Impressum is empty', async () => {
    const page = player.page;
    const admin = await launchPerson(LAPTOP);
    try {
      collectPageErrors(admin.page, 'admin', pageErrors);
      await logIn(admin.page, app.baseUrl, 'admin', ADMIN_PASSWORD);
      await admin.page.goto(`${app.baseUrl}/admin`);
      await see(admin.page.getByText('Das Impressum ist noch leer.'));
      const adminToken = (
        await api(app.baseUrl, 'POST', '/api/token-auth/', { username: 'admin', password: ADMIN_PASSWORD })
      ).body.token as string;
      const saved = await api(
        app.baseUrl,
        'PUT',
        '/api/show-settings',
        {
          imprint: '<p>Quiz-Crew GbR, Am Fluss 1, 54290 Trier</p><script>window.hacked = 1</script>',
          privacy: '<p>Wir speichern nur, was das Quiz braucht.</p>',
        },
        adminToken,
      );
      expect(saved.status).toBe(200);
      await admin.page.getByText('Das Impressum ist noch leer.').waitFor({ state: 'detached' });
    } finally {
      await admin.close();
    }

    for (const path of [
      '/',
      '/profile',
      '/points',
      '/about',
      '/passwort-neu',
      '/gruss',
      '/impressum',
      '/datenschutz',
      '/gibt-es-nicht',
    ]) {
      await page.goto(`${app.baseUrl}${path}`);
      const footer = page.getByRole('contentinfo');
      await see(footer.getByRole('link', { name: 'Impressum' }));
      await see(footer.getByRole('link', { name: 'Datenschutz' }));
    }
    await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).click();
    await see(page.getByRole('heading', { name: 'Impressum' }));
    await see(page.getByText('Quiz-Crew GbR, Am Fluss 1, 54290 Trier'));
    expect(await wcagViolations(page)).toEqual([]);
    expect(await page.evaluate(() => (globalThis as { hacked?: number }).hacked)).toBeUndefined();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz' }).click();
    await see(page.getByText('Wir speichern nur, was das Quiz braucht.'));

    await page.evaluate(() => localStorage.clear());
    await page.goto(`${app.baseUrl}/register`);
    await page.getByRole('form', { name: 'Registrieren' }).getByRole('link', { name: 'Datenschutzerklärung' }).click();
    await see(page.getByRole('heading', { name: 'Datenschutzerklärung' }));
  });

  it("the admin's users screen makes a link beside each user", async () => {
    const admin = await launchPerson(LAPTOP);
    try {
      const page = admin.page;
      collectPageErrors(page, 'admin', pageErrors);
      await logIn(page, app.baseUrl, 'admin', ADMIN_PASSWORD);
      await page.goto(`${app.baseUrl}/admin/users`);
      await page.getByRole('button', { name: 'Passwort-Link für lotte erstellen' }).click();
      const url = await page.getByRole('textbox', { name: 'Link für ein neues Passwort für lotte' }).inputValue();
      expect(url.startsWith(`${app.baseUrl}/passwort-neu#`)).toBe(true);
      const token = url.slice(url.indexOf('#') + 1);
      expect(
        (await api(app.baseUrl, 'POST', '/api/password-reset/confirm', { token, newPassword: 'vom-admin' })).status,
      ).toBe(200);
    } finally {
      await admin.close();
    }
  });
});
