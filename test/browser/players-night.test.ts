import { WsClient } from '../e2e/support/ws-client';
import { LAPTOP, launchPerson, PHONE, type Person } from './support/browser';
import {
  ADMIN_PASSWORD,
  callApi,
  createQuizOverHttp,
  loginOverHttp,
  startApp,
  type RunningApp,
} from './support/server';
import { playerWithTeam } from './support/night';
import { collectPageErrors, see } from './support/player';
import { wcagViolations } from './support/accessibility';

const TEAM = 'Nachteulen';
const PASSWORD = 'geheim123';

/**
 * The players' night in Chromium against the real server (issue 45, PROTOCOL.md wave 5): the solution
 * beside the team's answer once a question ended, "Unsere Antworten" with points once published,
 * a title that calls a player back from another tab, and states told before anyone types.
 * anna plays in the browser; the moderator (admin) speaks the protocol.
 */
describe("the players' night in the browser", () => {
  let app: RunningApp;
  let anna: Person;
  let visitor: Person;
  let moderator: WsClient;
  let annaSocket: WsClient;
  let adminToken: string;
  let quizId: string;
  const pageErrors: string[] = [];

  async function command(type: string, content: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const reply = (await moderator.request(type, content)) as Record<string, unknown>;
    expect(reply).toMatchObject({ success: true });
    return reply;
  }

  /** The page as the browser has it while another tab is in front (visibilityState and its event, as the browser would set them). */
  async function setHidden(hidden: boolean): Promise<void> {
    await anna.page.evaluate(`(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => '${hidden ? 'hidden' : 'visible'}' });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => ${hidden} });
      document.dispatchEvent(new Event('visibilitychange'));
    })()`);
  }

  /** Waits until the page's title is this (a function, not a string: the app's CSP refuses eval). */
  async function titleIs(expected: string): Promise<void> {
    await anna.page.waitForFunction(
      (wanted) => (globalThis as unknown as { document: { title: string } }).document.title === wanted,
      expected,
    );
  }

  beforeAll(async () => {
    app = await startApp();
    [anna, visitor] = await Promise.all([launchPerson(LAPTOP), launchPerson(PHONE)]);
    collectPageErrors(anna.page, 'anna', pageErrors);
    collectPageErrors(visitor.page, 'visitor', pageErrors);
    adminToken = await loginOverHttp(app.baseUrl, 'admin', ADMIN_PASSWORD);
    quizId = await createQuizOverHttp(app.baseUrl, adminToken, {
      name: 'Eulenquiz',
      yearWeek: '2026-49',
      content: [
        {
          type: 'normal',
          round: 1,
          number: 1,
          category: '(2) Erdkunde',
          question: 'Hauptstadt von Frankreich?',
          answer: 'Paris',
        },
        {
          type: 'normal',
          round: 1,
          number: 2,
          category: '(1) Erdkunde',
          question: 'Hauptstadt von Italien?',
          answer: 'Rom',
        },
      ],
    });
    const annaToken = await playerWithTeam(app, anna.page, {
      login: 'anna',
      password: PASSWORD,
      team: TEAM,
      beschreibung: 'Wir raten nachts.',
    });
    annaSocket = await WsClient.open(app.wsUrl, annaToken);
    moderator = await WsClient.open(app.wsUrl, adminToken);
  });

  afterAll(async () => {
    await Promise.all([moderator?.close(), annaSocket?.close(), anna?.close(), visitor?.close()]);
    await app?.stop();
  });

  afterEach(() => {
    expect(pageErrors.splice(0)).toEqual([]);
  });

  it("after a question ends, the player sees the solution beside the team's answer", async () => {
    const page = anna.page;
    await command('ma', { quiz: quizId, round: 1, question: 1 });
    await see(page.getByText('Hauptstadt von Frankreich?'));
    expect(await annaSocket.request('gp', { message: 'Lyon' })).toMatchObject({ success: true });
    expect(await annaSocket.request('gf', { number: 1 })).toMatchObject({ success: true });
    await command('mn');
    await see(page.locator('.solution').getByText('Paris', { exact: true }));
    await see(page.locator('.taken-answer').getByText('Lyon', { exact: true }));
    const ours = page.getByRole('region', { name: 'Unsere Antworten' });
    await see(ours.getByText('Frage 1.1'));
    await see(ours.getByText('Punkte noch nicht veröffentlicht'));
  });

  it('after the round is rated and published, "Unsere Antworten" lists the question with its points', async () => {
    const { answers } = (await command('ta', { quiz: quizId })) as { answers: { id: string; answer: string }[] };
    const ours = answers.find((a) => a.answer === 'Lyon')!;
    await command('tua', { answerId: ours.id, value: 2, checked: true, liked: false });
    const list = anna.page.getByRole('region', { name: 'Unsere Antworten' });
    // Rated, not yet published: hidden points stay hidden.
    await see(list.getByText('Punkte noch nicht veröffentlicht'));
    await command('mp', { content: { publish: true } });
    const entry = list.locator('li', { hasText: 'Frage 1.1' });
    await see(entry.getByText('richtig · 2 Punkte'));
    await see(entry.getByText('Lyon', { exact: true }));
    await see(entry.getByText('Paris', { exact: true }));
    expect(await wcagViolations(anna.page, '.history')).toEqual([]);
  });

  it('a question opening while the page is hidden changes the title; coming back restores it', async () => {
    const page = anna.page;
    const title = await page.title();
    await setHidden(true);
    await command('ma', { quiz: quizId, round: 1, question: 2 });
    await titleIs(`Neue Frage! – ${title}`);
    await command('mc', { time: 60 });
    await titleIs(`Countdown läuft! – ${title}`);
    await setHidden(false);
    await titleIs(title);
    await command('mn');
    // The switch for sound and vibration is off by default.
    await see(page.getByRole('switch', { name: 'Ton und Vibration bei neuer Frage' }));
    expect(await wcagViolations(page, '.alert-toggle')).toEqual([]);
    expect(await page.getByRole('switch', { name: 'Ton und Vibration bei neuer Frage' }).isChecked()).toBe(false);
  });

  it('a closed lobby chat shows its reason with the input disabled before anyone types', async () => {
    const page = anna.page;
    await command('mlc', { open: false });
    await page.getByRole('button', { name: 'Team wechseln' }).click();
    const lobby = page.getByRole('region', { name: 'Lobby-Chat' });
    await see(lobby.getByText('Der Lobby-Chat ist gerade geschlossen.'));
    expect(await lobby.getByLabel('Nachricht').isDisabled()).toBe(true);
    expect(await lobby.getByRole('button', { name: 'Absenden' }).isDisabled()).toBe(true);
    await command('mlc', { open: true });
    await see(lobby.getByRole('textbox', { name: 'Nachricht', disabled: false }));
    await page.getByRole('button', { name: 'Zurück zum Team' }).first().click();
    await see(page.locator('.team-header').getByRole('heading', { name: TEAM }));
  });

  it('the team page changes the team password only after a confirmation; the old password no longer joins', async () => {
    const page = anna.page;
    await page.goto(`${app.baseUrl}/profile_team`);
    const protection = page.locator('.team-protection');
    await see(protection.getByLabel('Dein eigenes Passwort'));
    expect(await wcagViolations(page, '.team-protection')).toEqual([]);
    await protection.getByLabel('Dein eigenes Passwort').fill(PASSWORD);
    await protection.getByLabel('Neues Team-Passwort').fill('ganz-neu-42');
    await protection.getByRole('button', { name: 'Team-Passwort ändern' }).click();
    const confirm = protection.getByRole('alertdialog', {
      name: 'Team-Passwort wirklich ändern? Alle Einladungslinks enden.',
    });
    await see(confirm);
    await confirm.getByRole('button', { name: 'Ja' }).click();
    await see(page.getByText('Das Team-Passwort wurde geändert. Sagt es nur euren Mitspielern.'));
    const ben = await callApi(app.baseUrl, 'POST', '/api/users', {
      data: { type: 'users', attributes: { login: 'ben', name: 'ben', newPassword: PASSWORD } },
    });
    expect(ben.status).toBe(201);
    const benSocket = await WsClient.open(app.wsUrl, await loginOverHttp(app.baseUrl, 'ben', PASSWORD));
    const teamId = (await annaSocket.until((views) => views.team?.id)) as string;
    expect(await benSocket.request('gj', { id: teamId, password: PASSWORD })).toMatchObject({
      success: false,
      message: 'Teambeitritt hat leider nicht funktioniert.',
    });
    expect(await benSocket.request('gj', { id: teamId, password: 'ganz-neu-42' })).toMatchObject({ success: true });
    await benSocket.close();
    // Leaving asks first; "Abbrechen" keeps her in the team.
    await protection.getByRole('button', { name: 'Team verlassen' }).click();
    await protection
      .getByRole('alertdialog', { name: `Team „${TEAM}“ wirklich verlassen?` })
      .getByRole('button', { name: 'Abbrechen' })
      .click();
    await see(protection.getByRole('button', { name: 'Team verlassen' }));
    await page.goto(`${app.baseUrl}/`);
    await see(page.locator('.team-header').getByRole('heading', { name: TEAM }));
  });

  it('closed registrations hide the QR form with the reason; closed new accounts hide the registration form', async () => {
    const page = visitor.page;
    await command('asu', { path: 'global.allowNewRegistrations', value: false });
    await page.goto(`${app.baseUrl}/team`);
    await see(page.getByText('Neue Registrierungen sind gerade geschlossen.'));
    expect(await page.getByLabel('Teamname').count()).toBe(0);
    await command('asu', { path: 'global.allowNewRegistrations', value: true });

    const closed = await callApi(app.baseUrl, 'PUT', '/api/show-settings', { allowNewAccounts: false }, adminToken);
    expect(closed.status).toBe(200);
    await page.goto(`${app.baseUrl}/login`);
    await see(
      page.getByText('Neue Nutzeraccounts können gerade nicht angelegt werden. Bitte versuche es später noch einmal.'),
    );
    expect(await page.getByLabel('Passwort wiederholen').count()).toBe(0);
    const open = await callApi(app.baseUrl, 'PUT', '/api/show-settings', { allowNewAccounts: true }, adminToken);
    expect(open.status).toBe(200);
  });
});
