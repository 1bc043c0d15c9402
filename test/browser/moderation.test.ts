/**
 * Moderation in the browser (issue 25): the moderator, on the control page, hides a greeting and a
 * lobby chat message for everybody (and shows it again), mutes its author and takes a member out of a team;
 * the players' real sockets see each effect.
 */
import type { Page } from 'playwright-core';
import { WsClient } from '../e2e/support/ws-client';
import { LAPTOP, launchPerson, type Person } from './support/browser';
import { logIn } from './support/night';
import { collectPageErrors, see } from './support/player';
import { ADMIN_PASSWORD, callApi, loginOverHttp, startApp, type RunningApp } from './support/server';

async function player(app: RunningApp, login: string): Promise<{ token: string; userId: string; socket: WsClient }> {
  const registered = await callApi(app.baseUrl, 'POST', '/api/users', {
    login,
    name: login,
    newPassword: 'passwort123',
  });
  expect(registered.status).toBe(201);
  const token = await loginOverHttp(app.baseUrl, login, 'passwort123');
  return { token, userId: (registered.body.data as { id: string }).id, socket: await WsClient.open(app.wsUrl, token) };
}

describe('moderation in the browser', () => {
  let app: RunningApp;
  let moderator: Person;
  const pageErrors: string[] = [];
  const sockets: WsClient[] = [];

  beforeAll(async () => {
    app = await startApp();
    moderator = await launchPerson(LAPTOP);
    collectPageErrors(moderator.page, 'moderator', pageErrors);
  });

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await moderator?.close();
    await app?.stop();
  });

  afterEach(() => {
    expect(pageErrors.splice(0)).toEqual([]);
  });

  async function controlPage(): Promise<Page> {
    const page = moderator.page;
    await logIn(page, app.baseUrl, 'admin', ADMIN_PASSWORD); // the first admin is a moderator too
    await page.goto(`${app.baseUrl}/moderator/control`);
    await see(page.getByRole('heading', { name: 'Moderation' }));
    return page;
  }

  it('hides a greeting and a lobby chat message for everybody, mutes its author and lifts it again, and takes a member out of a team', async () => {
    const troll = await player(app, 'troll');
    const ruth = await player(app, 'ruth');
    sockets.push(troll.socket, ruth.socket);
    expect(await troll.socket.request('ulc', { message: 'Böses Wort' })).toEqual({ success: true });
    expect(
      (await callApi(app.baseUrl, 'POST', '/api/fqps/gruss/new', { username: 'Spammer', message: 'Kauft Uhren!' }))
        .status,
    ).toBe(200);
    const page = await controlPage();

    await page.getByRole('button', { name: 'Gruß von Spammer ausblenden' }).click();
    await page.getByText('Kauft Uhren!').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Nachricht von troll ausblenden' }).click();
    await ruth.socket.until((views) => views.global.lobbyChat.length === 0);
    await page
      .getByRole('region', { name: 'Lobby-Chat', exact: true })
      .getByText('Böses Wort')
      .waitFor({ state: 'detached' });
    // Hidden lines are listed apart and can be shown again (wave 5).
    const hiddenLines = page.getByRole('region', { name: 'Ausgeblendete Lobby-Nachrichten' });
    await hiddenLines.getByRole('button', { name: 'Nachricht von troll wieder zeigen' }).click();
    await ruth.socket.until((views) => views.global.lobbyChat.length === 1);
    await hiddenLines.getByText('Böses Wort').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Nachricht von troll ausblenden' }).click();
    await ruth.socket.until((views) => views.global.lobbyChat.length === 0);
    await see(hiddenLines.getByText('Böses Wort'));

    await page.getByLabel('Spieler suchen').fill('tro');
    await page.getByLabel('Minuten').fill('10');
    await page.getByRole('button', { name: 'troll stummschalten' }).click();
    await see(page.getByText('troll ist für 10 Minuten stummgeschaltet.'));
    expect(await troll.socket.request('ulc', { message: 'Noch mal' })).toEqual({
      success: false,
      message: 'Du bist stummgeschaltet und kannst in 10 Minuten wieder schreiben.',
    });
    await page.getByRole('button', { name: 'Stummschaltung von troll aufheben' }).click();
    await see(page.getByText('troll kann wieder schreiben.'));
    expect(await troll.socket.request('ulc', { message: 'Entschuldigung' })).toEqual({ success: true });

    const created = await callApi(
      app.baseUrl,
      'POST',
      '/api/teams',
      { name: 'Rauswurf', newPassword: 'geheim', stadt: 'Köln', beschreibung: '-' },
      ruth.token,
    );
    const teamId = (created.body.data as { id: string }).id;
    expect(await troll.socket.request('gj', { id: teamId, password: 'geheim' })).toMatchObject({ success: true });
    await troll.socket.until((views) => views.team?.id === teamId);
    await page.getByLabel('Team', { exact: true }).selectOption(teamId);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'troll aus dem Team Rauswurf nehmen' }).click();
    await troll.socket.until((views) => views.team === null && views.user.teamId === null);
    await see(page.getByText('troll ist nicht mehr im Team.'));
    await page.getByRole('button', { name: 'troll aus dem Team Rauswurf nehmen' }).waitFor({ state: 'detached' });
  }, 120_000);
});
