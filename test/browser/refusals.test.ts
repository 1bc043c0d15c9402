/**
 * Refusals people can read (issue 31, finding 9): the web app shows the server's German reason for
 * every refusal, with the wait when there is one, and "falscher Nutzername oder Passwort" only for a
 * wrong name or password. One Chromium against a server in this process (the server's hashing queue is
 * filled from here to make it busy), on the built web app.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { BLOCKED_TEXT } from '../../src/auth/token-holder';
import { FORM_LIMIT_TEXTS, GREETINGS_PER_ADDRESS } from '../../src/limits/form-submissions';
import { FAILED_LOGINS_PER_NAME, LOGIN_LIMIT_TEXTS } from '../../src/limits/logins-and-registrations';
import { ARGON2_HANDED, ARGON2_MAX_WAITING } from '../../src/identity/passwords';
import {
  ADMIN_PASSWORD,
  api,
  login,
  registerAndLogin,
  startTestServer,
  type TestServer,
} from '../e2e/support/test-server';
import { WsClient } from '../e2e/support/ws-client';
import { launchPerson, type Person } from './support/browser';
import { collectPageErrors, loginForm, registrationForm, see, TEXTS } from './support/player';
import { IDENTITY_COMMAND_TEXTS } from '../../src/commands/identity';

let env: TestServer;
let person: Person;
let adminToken: string;
const pageErrors: string[] = [];

beforeAll(async () => {
  execFileSync(process.execPath, [path.resolve(__dirname, '../../scripts/build-if-stale.js'), 'web'], {
    stdio: 'ignore',
  });
  // HASHING_QUEUE_WAIT_SECONDS=0: the line holds ARGON2_MAX_WAITING, whatever the pace (the busy server's test fills it).
  env = await startTestServer({}, undefined, { HASHING_QUEUE_WAIT_SECONDS: '0' });
  adminToken = await login(env.url, 'admin', ADMIN_PASSWORD);
  person = await launchPerson();
  collectPageErrors(person.page, 'gast', pageErrors);
}, 300_000);

afterAll(async () => {
  await person?.close();
  await env?.destroy();
});

afterEach(async () => {
  // The next test starts logged out, without cookies (the known-device cookie too).
  await person.page.evaluate('window.localStorage.clear()').catch(() => undefined);
  await person.context.clearCookies();
  expect(pageErrors.splice(0)).toEqual([]);
});

async function tryLogin(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${env.url}/login`);
  await loginForm(page).getByLabel('Nutzername').fill(username);
  await loginForm(page).getByLabel('Passwort').fill(password);
  await loginForm(page).getByRole('button', { name: 'Einloggen' }).click();
}

const alertWith = (page: Page, text: string) => page.getByText(text, { exact: true });

describe('refusals in the browser', () => {
  it('a wrong password: "falscher Nutzername oder Passwort"', async () => {
    await registerAndLogin(env.url, 'vertipper');
    await tryLogin(person.page, 'vertipper', 'daneben');
    await see(alertWith(person.page, TEXTS.login403));
  });

  it('a blocked player is told they are blocked, not that the password was wrong', async () => {
    const { userId } = await registerAndLogin(env.url, 'gesperrt');
    const admin = await WsClient.open(env.wsUrl, adminToken);
    expect(await admin.request('abl', { userId, blocked: true })).toMatchObject({ success: true });
    await admin.close();
    await tryLogin(person.page, 'gesperrt', 'passwort123');
    await see(alertWith(person.page, BLOCKED_TEXT));
  });

  it('a name locked after too many failures: the reason with the wait', async () => {
    await registerAndLogin(env.url, 'vergesslich');
    for (let i = 0; i < FAILED_LOGINS_PER_NAME.max; i++)
      expect(
        (await api(env.url, 'POST', '/api/token-auth/', { username: 'vergesslich', password: `falsch${i}` })).status,
      ).toBe(403);
    await tryLogin(person.page, 'vergesslich', 'passwort123');
    await see(alertWith(person.page, LOGIN_LIMIT_TEXTS.loginName(15)));
  });

  it("registrations closed: the admin's reason instead of the form, before anyone types (PROTOCOL.md wave 5)", async () => {
    expect((await api(env.url, 'PUT', '/api/show-settings', { allowNewAccounts: false }, adminToken)).status).toBe(200);
    try {
      await person.page.goto(`${env.url}/register`);
      await see(person.page.getByText(IDENTITY_COMMAND_TEXTS.newAccountsClosed));
      expect(await registrationForm(person.page).count()).toBe(0);
    } finally {
      expect((await api(env.url, 'PUT', '/api/show-settings', { allowNewAccounts: true }, adminToken)).status).toBe(
        200,
      );
    }
  });

  it('the server busy hashing: the login waits in line, says "du bist gleich dran", and goes on by itself', async () => {
    await registerAndLogin(env.url, 'geduldig');
    const { hasher } = env.server.runtime; // its line holds ARGON2_MAX_WAITING (HASHING_QUEUE_WAIT_SECONDS=0)
    // Every hashing thread busy and the line full, refilled the moment a hash ends (in the same turn of the event loop).
    const hash = await hasher.hash('füllung');
    let filling = true;
    const fill = (): void =>
      void hasher.verify(hash, 'füllung').then(
        () => filling && fill(),
        () => undefined,
      );
    for (let i = 0; i < ARGON2_HANDED + ARGON2_MAX_WAITING; i++) fill();
    try {
      await tryLogin(person.page, 'geduldig', 'passwort123');
      await see(person.page.getByText('Du bist gleich dran', { exact: false }));
      expect(await person.page.getByRole('alert').filter({ hasText: 'gleich noch einmal' }).count()).toBe(0);
    } finally {
      filling = false;
    }
    await person.page.waitForURL((url) => url.pathname !== '/login'); // served in turn, without the player doing anything
    while (hasher.load().running > 0) await new Promise((r) => setTimeout(r, 50));
  });

  it('greetings from an address that sent too many: the reason, not "gleich noch einmal"', async () => {
    for (let i = 0; i < GREETINGS_PER_ADDRESS.max; i++)
      await api(env.url, 'POST', '/api/fqps/gruss/new', { username: 'Tisch 4', message: `Hallo ${i}` });
    await person.page.goto(`${env.url}/gruss`);
    await person.page.getByLabel('Name').fill('Tisch 4');
    await person.page.getByLabel('Nachricht').fill('Noch ein Gruß');
    await person.page.getByRole('button', { name: 'Abschicken' }).click();
    await see(person.page.getByRole('alert').filter({ hasText: FORM_LIMIT_TEXTS.greetings(60) }));
  });

  it('a session ended by a role change: the app says why, and after the login it is back on the same page', async () => {
    const { userId } = await registerAndLogin(env.url, 'aufsteigerin');
    const page = person.page;
    await tryLogin(page, 'aufsteigerin', 'passwort123');
    await page.waitForURL(`${env.url}/`);
    await page.goto(`${env.url}/profile`);
    await see(page.getByRole('heading', { name: 'Profil' }));
    expect((await api(env.url, 'PUT', `/api/users/${userId}/roles`, { roles: ['tester'] }, adminToken)).status).toBe(
      200,
    );
    await see(page.getByText('Deine Anmeldung wurde beendet', { exact: false }));
    await page.waitForURL(`${env.url}/login`);
    await loginForm(page).getByLabel('Nutzername').fill('aufsteigerin');
    await loginForm(page).getByLabel('Passwort').fill('passwort123');
    await loginForm(page).getByRole('button', { name: 'Einloggen' }).click();
    await page.waitForURL(`${env.url}/profile`);
    await see(page.getByRole('heading', { name: 'Profil' }));
    expect(await page.getByText('Deine Anmeldung wurde beendet', { exact: false }).count()).toBe(0); // logged in again: the notice goes
  });
});
