import { WsClient } from '../e2e/support/ws-client';
import { LAPTOP, launchPerson, PHONE, type Person } from './support/browser';
import { ADMIN_PASSWORD, createQuizOverHttp, loginOverHttp, startApp, type RunningApp } from './support/server';
import { playerWithTeam } from './support/night';
import { collectPageErrors, see } from './support/player';

const TEAM = 'Rätselratten';
const PASSWORD = 'geheim123';

/**
 * The spec's last gaps in the browser against the real server (issue 26): the join form's empty team
 * number, the lobby chat of a player in a team, the quizzle verdict, and a QR sign-up while
 * registrations are closed. anna plays in the browser; the moderator (admin) speaks the protocol.
 */
describe("the spec's last gaps in the browser", () => {
  let app: RunningApp;
  let anna: Person;
  let visitor: Person;
  let moderator: WsClient;
  let annaSocket: WsClient;
  let quizId: string;
  const pageErrors: string[] = [];

  async function command(type: string, content: Record<string, unknown> = {}): Promise<void> {
    expect(await moderator.request(type, content)).toMatchObject({ success: true });
  }

  beforeAll(async () => {
    app = await startApp();
    [anna, visitor] = await Promise.all([launchPerson(LAPTOP), launchPerson(PHONE)]);
    collectPageErrors(anna.page, 'anna', pageErrors);
    collectPageErrors(visitor.page, 'visitor', pageErrors);
    const adminToken = await loginOverHttp(app.baseUrl, 'admin', ADMIN_PASSWORD);
    quizId = await createQuizOverHttp(app.baseUrl, adminToken, {
      name: 'Lückenquiz',
      yearWeek: '2026-48',
      content: [
        {
          type: 'quizzle',
          round: 1,
          number: 1,
          category: 'Rätsel',
          question: 'Was hat Zähne und beißt nicht?',
          answer: 'Kamm',
        },
      ],
    });
    const annaToken = await playerWithTeam(app, anna.page, {
      login: 'anna',
      password: PASSWORD,
      team: TEAM,
      beschreibung: 'Wir raten.',
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

  it('the team header shows the team number; the join form says when the team number is missing', async () => {
    const page = anna.page;
    await see(page.locator('.team-header').getByText(/^Teamnummer \d+$/));
    await page.getByRole('button', { name: 'Team wechseln' }).click();
    const form = page
      .locator('form')
      .filter({ has: page.getByRole('heading', { name: 'Mit Teamnummer und Passwort beitreten' }) });
    await form.getByLabel('Team-Passwort').fill(PASSWORD);
    await form.getByRole('button', { name: 'Beitreten' }).click();
    await see(form.getByText('Bitte gib die Teamnummer ein.'));
  });

  it('a player in a team reaches the lobby chat (team selection, fusion area), writes there and goes back to the team', async () => {
    const page = anna.page;
    const lobby = page.getByRole('region', { name: 'Lobby-Chat' });
    await see(lobby);
    await lobby.getByLabel('Nachricht').fill('Hallo Lobby!');
    await lobby.getByRole('button', { name: 'Absenden' }).click();
    await see(lobby.getByText('Hallo Lobby!'));
    await page.getByRole('button', { name: 'Zurück zum Team' }).first().click();
    await see(page.locator('.team-header').getByRole('heading', { name: TEAM }));
  });

  it('the team sees its quizzle proposal rejected, then accepted', async () => {
    const page = anna.page;
    await command('ma', { quiz: quizId, round: 1, question: 1 });
    await see(page.getByText('Was hat Zähne und beißt nicht?'));
    expect(await annaSocket.request('gp', { message: 'Säge' })).toMatchObject({ success: true });
    expect(await annaSocket.request('gp', { message: 'Kamm' })).toMatchObject({ success: true });
    const proposals = page.locator('.quizzle .proposal-list');
    await proposals.locator('li', { hasText: 'Säge' }).getByRole('button', { name: 'Annehmen' }).click();
    await see(page.getByText('Euer Vorschlag liegt bei der Moderation.'));
    await command('mq');
    await see(page.getByRole('alert').filter({ hasText: 'Euer Vorschlag V1 wurde abgelehnt.' }));
    await proposals.locator('li', { hasText: 'Kamm' }).getByRole('button', { name: 'Annehmen' }).click();
    await see(page.getByText('Euer Vorschlag liegt bei der Moderation.'));
    await command('mr');
    await see(page.getByText('Euer Vorschlag V2 wurde angenommen.'));
    await command('mn');
  });

  it("a screen whose chunk does not load (an older release's, or no network) reloads once, then says so", async () => {
    const page = anna.page;
    const pointsChunk = /\/assets\/PointsPage-[^/]+\.js$/;
    let refused = 0;
    await page.route(pointsChunk, (route) => {
      refused++;
      return route.abort();
    });
    await page.getByRole('link', { name: 'Punkte', exact: true }).click();
    await see(page.getByRole('alert').filter({ hasText: 'Diese Seite konnte nicht geladen werden.' }), 20_000);
    // Once on the first failure (the page reloads), once more after the reload.
    expect(refused).toBe(2);
    await page.unroute(pointsChunk);
    await page.getByRole('button', { name: 'Seite neu laden' }).click();
    await see(page.getByRole('heading', { name: 'Punkte' }).first());
  });

  it('a QR sign-up while registrations are closed says so instead of offering the form', async () => {
    await command('asu', { path: 'global.allowNewRegistrations', value: false });
    const page = visitor.page;
    await page.goto(`${app.baseUrl}/team`);
    await see(page.getByRole('status').filter({ hasText: 'Neue Registrierungen sind gerade geschlossen.' }));
    expect(await page.getByLabel('Teamname').count()).toBe(0);
    await command('asu', { path: 'global.allowNewRegistrations', value: true });
  });
});
