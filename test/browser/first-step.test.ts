/**
 * A fresh install as a new host meets it (issue 44): the control page says what to do first instead of
 * the error of a missing quiz 1, loads the example quiz in one step, and the admin screen shows the
 * release running. Invite and login links start with PUBLIC_URL even on the server's own machine.
 * One Chromium against a server in this process, on the built web app.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../e2e/support/test-server';
import { launchPerson, type Person } from './support/browser';
import { logIn } from './support/night';
import { collectPageErrors, see } from './support/player';

const PUBLIC_URL = 'https://quiz.example.de';
const packageVersion = (require('../../package.json') as { version: string }).version; // eslint-disable-line @typescript-eslint/no-require-imports

let env: TestServer;
let person: Person;
const pageErrors: string[] = [];

beforeAll(async () => {
  execFileSync(process.execPath, [path.resolve(__dirname, '../../scripts/build-if-stale.js'), 'web'], {
    stdio: 'ignore',
  });
  env = await startTestServer({}, undefined, { PUBLIC_URL });
  person = await launchPerson();
  collectPageErrors(person.page, 'admin', pageErrors);
}, 300_000);

afterAll(async () => {
  await person?.close();
  await env?.destroy();
});

describe('a fresh install', () => {
  it('the control page shows the first step, no error; "Beispielquiz laden" loads the example and the control takes it', async () => {
    const { page } = person;
    await logIn(page, env.url, 'admin', ADMIN_PASSWORD);
    await page.goto(`${env.url}/moderator/control`);
    await see(page.getByRole('heading', { name: 'Erster Schritt: ein Quiz' }));
    await see(page.getByRole('link', { name: 'Quiz anlegen oder importieren' }));
    expect(await page.getByText('Es gibt kein Quiz mit der Nummer').count()).toBe(0);
    expect(await page.getByRole('alert').filter({ hasText: /Quiz/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'Beispielquiz laden' }).click();
    await see(page.getByText('Das Beispielquiz ist gespeichert (Quiz-Nr. 1).'));
    await see(page.getByRole('heading', { name: 'Aktuelle Frage' }));
    await see(page.getByText('(Runde 1 · Frage 1)'));
    expect(await page.getByRole('heading', { name: 'Erster Schritt: ein Quiz' }).count()).toBe(0);
    expect(await page.getByText('Es gibt kein Quiz mit der Nummer').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('the admin screen shows the version running; a login link made on localhost starts with PUBLIC_URL', async () => {
    const { page } = person;
    await page.goto(`${env.url}/admin`);
    await see(page.getByText(`Version ${packageVersion}`));
    const panel = page.getByRole('region', { name: 'LoginUser' });
    await panel.getByLabel('Nutzer').selectOption({ label: 'admin (admin)' });
    await panel.getByRole('button', { name: 'get LoginLink' }).click();
    await see(panel.getByLabel('Link', { exact: true }));
    const link = await panel.getByLabel('Link', { exact: true }).inputValue();
    expect(link.startsWith(`${PUBLIC_URL}/qrlogin#userToken=`)).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});
