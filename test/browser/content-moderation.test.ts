/**
 * Moderators' hands on content and the host's eye (PROTOCOL.md wave 5, issue 42): a moderator renames an
 * offensive team and hides its uploaded logo, and the player's open page shows both without a reload;
 * the control page shows "N von M Teams haben einen Favoriten" during a question.
 */
import sharp from 'sharp';
import { WsClient } from '../e2e/support/ws-client';
import { LAPTOP, launchPerson, type Person } from './support/browser';
import { isSameDocument, logIn, markDocument } from './support/night';
import { collectPageErrors, see } from './support/player';
import {
  ADMIN_PASSWORD,
  callApi,
  createQuizOverHttp,
  loginOverHttp,
  startApp,
  type RunningApp,
} from './support/server';

describe('moderators on content, the host on the room', () => {
  let app: RunningApp;
  let moderator: Person;
  let player: Person;
  const pageErrors: string[] = [];
  const sockets: WsClient[] = [];

  beforeAll(async () => {
    app = await startApp();
    moderator = await launchPerson(LAPTOP);
    player = await launchPerson(LAPTOP);
    collectPageErrors(moderator.page, 'moderator', pageErrors);
    collectPageErrors(player.page, 'player', pageErrors);
  });

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await moderator?.close();
    await player?.close();
    await app?.stop();
  });

  afterEach(() => {
    expect(pageErrors.splice(0)).toEqual([]);
  });

  it('renames an offensive team and hides its logo; the player sees both at once, with a notice', async () => {
    const registered = await callApi(app.baseUrl, 'POST', '/api/users', {
      login: 'troll',
      name: 'troll',
      newPassword: 'passwort123',
    });
    expect(registered.status).toBe(201);
    const token = await loginOverHttp(app.baseUrl, 'troll', 'passwort123');
    const created = await callApi(
      app.baseUrl,
      'POST',
      '/api/teams',
      { name: 'Böse Buben', newPassword: 'geheim1', stadt: 'Köln', beschreibung: '-' },
      token,
    );
    const teamId = (created.body.data as { id: string }).id;
    const form = new FormData();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00000' } })
      .png()
      .toBuffer();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
    const upload = await fetch(`${app.baseUrl}/api/uploads/team`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const { fileNames } = (await upload.json()) as { fileNames: string[] };
    const logo = fileNames[0]!;
    const socket = await WsClient.open(app.wsUrl, token);
    sockets.push(socket);
    expect(await socket.request('gu', { url: logo, stadt: 'Köln', beschreibung: '-' })).toMatchObject({
      success: true,
    });

    const playerPage = player.page;
    await logIn(playerPage, app.baseUrl, 'troll', 'passwort123');
    await see(playerPage.getByRole('heading', { name: 'Böse Buben' }));
    await see(playerPage.getByRole('img', { name: 'Logo von Böse Buben' }));
    await markDocument(playerPage);

    const page = moderator.page;
    await logIn(page, app.baseUrl, 'admin', ADMIN_PASSWORD);
    await page.goto(`${app.baseUrl}/moderator/control`);
    await see(page.getByRole('heading', { name: 'Moderation' }));
    await page.getByLabel('Team bearbeiten').selectOption(teamId);
    page.on(
      'dialog',
      (dialog) => void (dialog.type() === 'prompt' ? dialog.accept('Nette Nachbarn') : dialog.accept()),
    );
    await page.getByRole('button', { name: 'Böse Buben umbenennen' }).click();
    await see(page.getByText('Umbenannt in „Nette Nachbarn“.'));

    await see(playerPage.getByRole('heading', { name: 'Nette Nachbarn' }));
    await see(playerPage.getByText('Die Moderation hat euer Team in „Nette Nachbarn“ umbenannt.'));

    await page.goto(`${app.baseUrl}/moderator/picviewer`);
    await page.getByRole('textbox', { name: 'Ordner' }).fill(`team/${teamId}`);
    await page.getByRole('button', { name: 'Öffnen', exact: true }).click();
    await page.getByRole('button', { name: `Bild ${logo} ausblenden` }).click();
    await see(page.getByRole('button', { name: `Bild ${logo} wieder zeigen` }));

    await playerPage.getByRole('img', { name: 'Logo von Nette Nachbarn' }).waitFor({ state: 'detached' });
    // The same document all along: no reload.
    expect(await isSameDocument(playerPage)).toBe(true);
    const served = await fetch(`${app.baseUrl}/api/uploads/${logo}`, { headers: { authorization: `Bearer ${token}` } });
    expect(served.status).toBe(404);
    // The file stays for the audit: moderators and admins still load it.
    const adminToken = await loginOverHttp(app.baseUrl, 'admin', ADMIN_PASSWORD);
    expect(
      (await fetch(`${app.baseUrl}/api/uploads/${logo}`, { headers: { authorization: `Bearer ${adminToken}` } }))
        .status,
    ).toBe(200);
  }, 180_000);

  it('the control page shows how many teams have a favourite during a question', async () => {
    const adminToken = await loginOverHttp(app.baseUrl, 'admin', ADMIN_PASSWORD);
    const quizId = await createQuizOverHttp(app.baseUrl, adminToken, {
      name: 'Zählabend',
      yearWeek: '2026-49',
      content: [1, 2].map((number) => ({
        type: 'normal',
        round: 1,
        number,
        category: '(1) Allgemeinwissen',
        question: `Frage ${number}?`,
        answer: `Lösung ${number}`,
        points: 2,
      })),
    });
    const registered = await callApi(app.baseUrl, 'POST', '/api/users', {
      login: 'fuchs',
      name: 'fuchs',
      newPassword: 'passwort123',
    });
    expect(registered.status).toBe(201);
    const token = await loginOverHttp(app.baseUrl, 'fuchs', 'passwort123');
    expect(
      (
        await callApi(
          app.baseUrl,
          'POST',
          '/api/teams',
          { name: 'Füchse', newPassword: 'geheim1', stadt: 'Köln', beschreibung: '-' },
          token,
        )
      ).status,
    ).toBe(201);
    const fuchs = await WsClient.open(app.wsUrl, token);
    sockets.push(fuchs);

    const page = moderator.page;
    await page.goto(`${app.baseUrl}/moderator/control`);
    await see(page.getByRole('heading', { name: 'Moderation' }));
    await page.getByLabel('Quiz-Nr.').fill(quizId);
    // Before it starts, the next question's text and solution.
    await see(page.getByText('Frage 1?'));
    await see(page.getByText('Lösung 1'));
    const admin = await WsClient.open(app.wsUrl, adminToken);
    sockets.push(admin);
    expect(await admin.request('ma', { quiz: quizId, round: 1, question: 1 })).toMatchObject({ success: true });
    // Two teams with members (the renamed one and the foxes), none with a favourite yet.
    await see(page.getByText('0 von 2 Teams haben einen Favoriten'));
    // Both teams have a member connected (the troll's page and socket, the foxes' socket).
    await see(page.getByText('2 Teams online'));
    expect(await fuchs.request('gp', { message: 'Rom' })).toMatchObject({ success: true });
    expect(await fuchs.request('gf', { number: 1 })).toMatchObject({ success: true });
    await see(page.getByText('1 von 2 Teams haben einen Favoriten'));
  }, 180_000);
});
