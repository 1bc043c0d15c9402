import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { WsClient } from '../e2e/support/ws-client';
import { LAPTOP, launchPerson, type Person, PHONE, SCREENSHOT_DIR } from './support/browser';
import {
  ADMIN_PASSWORD,
  callApi,
  createQuizOverHttp,
  loginOverHttp,
  startApp,
  type RunningApp,
} from './support/server';
import { collectPageErrors, fillRegistration, registrationForm, see } from './support/player';

/**
 * The main player screens at 390x844 (phone) and 1280x800 (laptop), along a short scripted night
 * (one player in the browser, teammates and moderator over the WebSocket).
 */
describe('screenshots of the player screens', () => {
  let app: RunningApp;
  let mia: Person;
  let moderator: WsClient;
  const teammates: WsClient[] = [];
  let quizId: string;
  const shots: string[] = [];
  const pageErrors: string[] = [];

  async function shoot(name: string, page: Page = mia.page): Promise<void> {
    // A clean picture: no hover effect, no toast left over from an earlier action.
    await page.mouse.move(0, 0);
    if ((await page.locator('dialog[open]').count()) === 0) {
      for (const close of await page.locator('.notices').getByRole('button', { name: 'Schließen' }).all())
        await close.click();
    }
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['laptop', LAPTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      const file = `${name}-${size}.png`;
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, file), animations: 'disabled', caret: 'hide' });
      shots.push(file);
    }
  }

  async function registerOverHttp(login: string): Promise<string> {
    const created = await callApi(app.baseUrl, 'POST', '/api/users', {
      data: { type: 'users', attributes: { login, name: login, newPassword: 'geheim123' } },
    });
    expect(created.status).toBe(201);
    return loginOverHttp(app.baseUrl, login, 'geheim123');
  }

  async function teammate(login: string): Promise<WsClient> {
    const client = await WsClient.open(app.wsUrl, await registerOverHttp(login));
    teammates.push(client);
    return client;
  }

  beforeAll(async () => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    app = await startApp();
    mia = await launchPerson(LAPTOP);
    collectPageErrors(mia.page, 'mia', pageErrors);
    const adminToken = await loginOverHttp(app.baseUrl, 'admin', ADMIN_PASSWORD);
    quizId = await createQuizOverHttp(app.baseUrl, adminToken, {
      name: 'Quizabend',
      yearWeek: '2026-47',
      content: [
        {
          type: 'normal',
          round: 1,
          number: 1,
          category: '(2) Erdkunde',
          question: 'Welche Stadt ist seit 1991 wieder die Hauptstadt Deutschlands?',
          answer: 'Berlin',
        },
        {
          type: 'schiffe',
          round: 1,
          number: 2,
          category: 'Schiffe versenken',
          question: 'Wo liegt euer Lager, und wo plündert ihr?',
          answer: 'L15',
        },
        {
          type: 'zeichnen',
          round: 2,
          number: 2,
          category: 'Malen',
          question: 'Zeichnet einen Leuchtturm!',
          answer: '',
        },
        {
          type: 'abcd',
          round: 2,
          number: 1,
          category: '(1) Tierwelt',
          question: 'Welches Tier schläft im Stehen?',
          options: ['Pferd', 'Katze', 'Fledermaus', 'Koala'],
          answer: 'A',
        },
      ],
    });
    moderator = await WsClient.open(app.wsUrl, adminToken);
    // Other teams, so that team selection and points have something to show.
    for (const [owner, name, stadt] of [
      ['olli', 'Eulen aus Bonn', 'Bonn'],
      ['karla', 'Kneipenkönige', 'Hamburg'],
      ['sven', 'Schlaue Schnecken', 'Leipzig'],
    ]) {
      const token = await registerOverHttp(owner);
      const team = await callApi(
        app.baseUrl,
        'POST',
        '/api/teams',
        {
          data: {
            type: 'teams',
            attributes: { name, newPassword: 'pw-team', stadt, beschreibung: 'Wir raten mit Herz.' },
          },
        },
        token,
      );
      expect(team.status).toBe(201);
    }
  });

  afterAll(async () => {
    await Promise.all([moderator, ...teammates].map((client) => client?.close()));
    await mia?.close();
    await app?.stop();
  });

  it('takes the screenshots', async () => {
    const page = mia.page;
    await page.goto(`${app.baseUrl}/login`);
    await see(page.getByRole('heading', { name: 'Willkommen beim Quiz' }));
    await shoot('player-login');

    await fillRegistration(registrationForm(page), 'Mia', 'geheim123', 'geheim123');
    await registrationForm(page).getByRole('button', { name: 'Registrieren' }).click();
    await see(page.getByRole('heading', { name: 'Team auswählen' }));
    await page.getByLabel('Alle anzeigen').check();
    await see(page.getByText('Kneipenkönige'));
    await shoot('player-team-selection');

    await page.getByRole('button', { name: 'Neues Team erstellen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neues Team erstellen' });
    await dialog.getByLabel('Teamname').fill('Die Quizfüchse');
    await dialog.getByLabel('Team-Passwort').fill('fuchsbau');
    await dialog.getByLabel('Stadt').fill('Köln');
    await dialog.getByLabel('Beschreibung').fill('Schlau, schnell und immer durstig.');
    await shoot('player-create-team');
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await see(page.getByRole('heading', { name: 'Die Quizfüchse', level: 2 }));

    await page.getByRole('button', { name: 'Einladen' }).click();
    const linkField = page
      .getByRole('dialog', { name: 'Freunde einladen' })
      .getByRole('textbox', { name: 'Einladungslink' });
    await see(linkField);
    const inviteToken = (await linkField.inputValue()).split('#teamToken=')[1];
    await shoot('player-invite');
    await page
      .getByRole('dialog', { name: 'Freunde einladen' })
      .getByRole('button', { name: 'Schließen' })
      .last()
      .click();

    const jonas = await teammate('Jonas');
    const lea = await teammate('Lea');
    for (const client of [jonas, lea])
      expect(await client.request('gi', { token: inviteToken })).toMatchObject({ success: true });
    await see(page.getByRole('listitem').filter({ hasText: 'Lea' }));
    await shoot('player-waiting');

    expect(await moderator.request('ma', { quiz: quizId, round: 1, question: 1 })).toMatchObject({ success: true });
    await see(page.getByText('Welche Stadt ist seit 1991'));
    expect(await jonas.request('gp', { message: 'Berlin' })).toMatchObject({ success: true });
    expect(await lea.request('gp', { message: 'Bonn' })).toMatchObject({ success: true });
    expect(await lea.request('gc', { message: 'Bonn war doch nur bis 1990, oder?' })).toMatchObject({ success: true });
    const berlinKey = await jonas.until(
      (views) =>
        Object.entries(views.team.proposals as Record<string, { message: string }>).find(
          ([, p]) => p.message === 'Berlin',
        )?.[0],
    );
    expect(await lea.request('gs', { number: Number(berlinKey) })).toMatchObject({ success: true });
    expect(await jonas.request('gs', { number: Number(berlinKey) })).toMatchObject({ success: true });
    expect(await jonas.request('gf', { number: Number(berlinKey) })).toMatchObject({ success: true });
    await page.getByLabel('Deine Antwort').fill('Berlin');
    await page.getByRole('button', { name: 'Vorschlagen' }).click();
    await see(page.locator('.proposal--favorite'));
    expect(await moderator.request('mc', { time: 14 })).toMatchObject({ success: true });
    await see(page.getByText('Verbleibende Zeit'));
    await page.getByLabel('Deine Antwort').fill('Berlin, ganz sicher');
    await shoot('player-question');
    // On the phone the countdown stays in sight while the team's proposals are scrolled to.
    await page.setViewportSize(PHONE);
    await page
      .locator('.proposal-list > li')
      .last()
      .evaluate((entry) => (entry as unknown as ScrollableElement).scrollIntoView({ block: 'end' }));
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'player-question-scrolled-phone.png'),
      animations: 'disabled',
      caret: 'hide',
    });
    shots.push('player-question-scrolled-phone.png');
    await page.setViewportSize(LAPTOP);

    await page.locator('.countdown--urgent').waitFor({ timeout: 15_000 });
    await shoot('player-countdown-urgent');

    await see(page.getByRole('heading', { name: 'Eure eingeloggte Antwort' }), 20_000);
    await shoot('player-locked-in');

    expect(await moderator.request('ma', { quiz: quizId, round: 1, question: 2 })).toMatchObject({ success: true });
    await see(page.getByText('Wo liegt euer Lager'));
    await page.getByLabel('Deine Antwort').fill('Lager: L15\nPlündern: 14');
    await page.getByRole('button', { name: 'Vorschlagen' }).click();
    await see(page.locator('.answer-form').getByRole('alert'));
    await shoot('player-schiffe');
    expect(await moderator.request('mn')).toMatchObject({ success: true });

    expect(await moderator.request('ma', { quiz: quizId, round: 2, question: 1 })).toMatchObject({ success: true });
    await see(page.getByText('Welches Tier schläft im Stehen?'));
    expect(await lea.request('gp', { message: 'C' })).toMatchObject({ success: true });
    await page.getByRole('button', { name: /^A\s*Pferd$/ }).click();
    await see(page.locator('.proposal-list > li').filter({ hasText: 'Mia' }));
    expect(await moderator.request('mc', { time: 30 })).toMatchObject({ success: true });
    await see(page.getByText('Verbleibende Zeit'));
    await shoot('player-abcd');
    expect(await moderator.request('mn')).toMatchObject({ success: true });

    expect(await moderator.request('ma', { quiz: quizId, round: 2, question: 2 })).toMatchObject({ success: true });
    const canvas = page.getByRole('img', { name: 'Zeichenfläche' });
    await see(canvas);
    await drawLighthouse(page, canvas);
    expect(await moderator.request('mc', { time: 45 })).toMatchObject({ success: true });
    await see(page.getByText('Verbleibende Zeit'));
    await shoot('player-drawing');
    expect(await moderator.request('mn')).toMatchObject({ success: true });

    await page.getByRole('link', { name: 'Team bearbeiten' }).click();
    await see(page.getByRole('heading', { name: 'Team bearbeiten' }));
    await shoot('player-team-edit');

    // The server ranks (mp publishes its own ranking): rate the night's answers, then publish.
    const checking = await moderator.request('ta', { quiz: quizId });
    const answers = checking.answers as Array<{ id: string }>;
    expect(answers.length).toBeGreaterThan(0);
    for (const [i, answer] of answers.entries()) {
      expect(
        await moderator.request('tua', { answerId: answer.id, value: 1 + (i % 3), checked: true, liked: false }),
      ).toMatchObject({ success: true });
    }
    expect(await moderator.request('mp', { content: { publish: true } })).toMatchObject({ success: true });
    await page.getByRole('link', { name: 'Punkte', exact: true }).click();
    await see(page.getByRole('table'));
    await shoot('player-points');

    await page.getByRole('link', { name: 'Foto hochladen' }).click();
    await see(page.getByRole('heading', { name: 'Fotos und Screenshots' }));
    await shoot('player-picture');

    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Menü', exact: true }).click();
    await see(page.getByRole('link', { name: 'Nächste Termine' }));
    await page.mouse.move(0, 0);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'player-menu-phone.png'), animations: 'disabled' });
    shots.push('player-menu-phone.png');
    await page.getByRole('button', { name: 'Menü', exact: true }).click();
    await page.setViewportSize(LAPTOP);

    await page.getByRole('link', { name: 'Quiztool', exact: true }).first().click();
    expect(await moderator.request('mum', { modus: 'pre' })).toMatchObject({ success: true });
    await see(page.getByText('pünktlich um 20:00 Uhr'));
    await shoot('player-pre');
    expect(await moderator.request('mum', { modus: 'quiz' })).toMatchObject({ success: true });

    expect(shots).toHaveLength(32);
    expect(pageErrors).toEqual([]);
  });
});

/** What the test calls on an element in the page (the root tsconfig has no DOM types). */
interface ScrollableElement {
  scrollIntoView(options: { block: 'end' }): void;
}

/** A few strokes with the mouse: a tower, its light and the sea. */
async function drawLighthouse(page: Page, canvas: Locator): Promise<void> {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no drawing canvas');
  const at = (x: number, y: number) => [box.x + (x / 300) * box.width, box.y + (y / 150) * box.height] as const;
  const stroke = async (points: Array<[number, number]>) => {
    const [startX, startY] = at(...points[0]);
    await page.mouse.move(startX, startY);
    await page.mouse.down();
    for (const point of points.slice(1)) {
      const [x, y] = at(...point);
      await page.mouse.move(x, y, { steps: 4 });
    }
    await page.mouse.up();
  };
  await page.getByRole('radio', { name: 'Stärke 5' }).click();
  await stroke([
    [130, 130],
    [140, 40],
    [160, 40],
    [170, 130],
    [130, 130],
  ]);
  await stroke([
    [135, 95],
    [165, 95],
  ]);
  await stroke([
    [137, 70],
    [163, 70],
  ]);
  await page.getByRole('radio', { name: 'Rot' }).click();
  await stroke([
    [140, 40],
    [150, 25],
    [160, 40],
  ]);
  await page.getByRole('radio', { name: 'Dunkelgelb' }).click();
  await stroke([
    [160, 32],
    [230, 15],
  ]);
  await stroke([
    [160, 36],
    [235, 40],
  ]);
  await stroke([
    [140, 32],
    [70, 15],
  ]);
  await stroke([
    [140, 36],
    [65, 40],
  ]);
  await page.getByRole('radio', { name: 'Blau' }).click();
  await stroke([
    [10, 138],
    [60, 128],
    [110, 138],
    [190, 128],
    [240, 138],
    [290, 128],
  ]);
}
