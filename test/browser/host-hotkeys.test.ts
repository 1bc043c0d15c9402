import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { WsClient } from '../e2e/support/ws-client';
import { untilInPage } from '../support/page-wait';
import { LAPTOP, launchPerson, type Person } from './support/browser';
import { nav } from './support/night';
import { collectPageErrors, loginForm, see } from './support/player';
import {
  ADMIN_PASSWORD,
  callApi,
  createQuizOverHttp,
  loginOverHttp,
  startApp,
  type RunningApp,
} from './support/server';
import { wcagViolations } from './support/accessibility';

const QUESTIONS = [
  'Wie heißt die Hauptstadt von Frankreich?',
  'Wie viele Beine hat eine Spinne?',
  'Welcher Planet ist der größte?',
  'Wer schrieb den Faust?',
];
const TEAM = 'Die Tastenfüchse';

interface StoredEvent {
  type: string;
  data: Record<string, unknown>;
  metadata: { actor: { userId: string | null } };
}

/**
 * The host's hotkeys on the moderator's control page (issue 32): each key sends the command its
 * button sends (seen in the page's pushed state and in the night's events), none fires while typing
 * in a field or with a modifier, `?` opens the list. Then the results of the night: the per-question
 * statistics on the points page and the CSV downloads, and a keyboard-and-labels check of the new UI.
 */
describe("the host's hotkeys and the results of the night", () => {
  let app: RunningApp;
  let host: Person;
  let adminToken: string;
  let playerToken: string;
  let player: WsClient;
  let quizId: string;
  const pageErrors: string[] = [];

  const current = (page: Page): Locator => page.getByRole('region', { name: 'Aktuelle Frage' });
  /** The question open now (the panel also previews the next one, text and solution, before it starts). */
  const asked = (page: Page, text: string) =>
    see(current(page).getByRole('group', { name: 'Gerade gestellt' }).getByText(text));
  const stateIs = (page: Page, label: string) => see(current(page).getByText(label, { exact: true }));
  /** Keys pressed with the focus on the page itself, not in a field. */
  const press = async (page: Page, key: string) => {
    await page.evaluate('document.activeElement instanceof HTMLElement && document.activeElement.blur()');
    await page.keyboard.press(key);
  };
  /** The timer of the control page shows between `seconds` - 3 and `seconds` (the countdown runs). */
  const timerShows = (page: Page, seconds: number) =>
    untilInPage(
      page,
      `(() => {
    const left = parseInt(document.querySelector('.control-current [role="timer"]')?.textContent ?? '', 10);
    return left <= ${seconds} && left >= ${seconds - 3};
  })()`,
    );
  /** The events of the one night so far (GET /api/nights/:id/events, admin). */
  const nightEvents = async (): Promise<StoredEvent[]> => {
    const nights = await callApi(app.baseUrl, 'GET', '/api/nights', undefined, adminToken);
    const [night] = nights.body.data as Array<{ id: string }>;
    const response = await fetch(`${app.baseUrl}/api/nights/${night!.id}/events`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    return (await response.text())
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as StoredEvent);
  };
  const ofType = (events: StoredEvent[], type: string) => events.filter((e) => e.type === type);

  beforeAll(async () => {
    app = await startApp();
    host = await launchPerson(LAPTOP);
    collectPageErrors(host.page, 'host', pageErrors);
    adminToken = await loginOverHttp(app.baseUrl, 'admin', ADMIN_PASSWORD);
    quizId = await createQuizOverHttp(app.baseUrl, adminToken, {
      name: 'Tastenabend',
      yearWeek: '2026-48',
      content: QUESTIONS.map((question, i) => ({
        type: 'normal',
        round: 1,
        number: i + 1,
        category: '(1) Allgemeinwissen',
        question,
        answer: 'x',
        points: 2,
      })),
    });
    // One team, whose player proposes over the socket as another device would.
    const registered = await callApi(app.baseUrl, 'POST', '/api/users', {
      data: { type: 'users', attributes: { login: 'fuchs', name: 'fuchs', newPassword: 'geheim123' } },
    });
    expect(registered.status).toBe(201);
    playerToken = await loginOverHttp(app.baseUrl, 'fuchs', 'geheim123');
    expect(
      (
        await callApi(
          app.baseUrl,
          'POST',
          '/api/teams',
          { name: TEAM, newPassword: 'fuchs-team', stadt: 'Köln', beschreibung: 'Wir drücken Tasten.' },
          playerToken,
        )
      ).status,
    ).toBe(201);
    player = await WsClient.open(app.wsUrl, playerToken);

    const page = host.page;
    await page.goto(`${app.baseUrl}/login`);
    await loginForm(page).getByLabel('Nutzername').fill('admin');
    await loginForm(page).getByLabel('Passwort').fill(ADMIN_PASSWORD);
    await loginForm(page).getByRole('button', { name: 'Einloggen' }).click();
    await nav(page, 'Steuerung');
    await current(page).getByLabel('Quiz-Nr.').fill(quizId);
    await see(current(page).getByRole('button', { name: 'Nächste Frage (Runde 1 · Frage 1)' }));
  });

  afterAll(async () => {
    await player?.close();
    await host?.close();
    await app?.stop();
  });

  afterEach(() => {
    expect(pageErrors.splice(0)).toEqual([]);
  });

  it('shows each hotkey on its button', async () => {
    const panel = current(host.page);
    const keyed: Array<[Locator, string]> = [
      [panel.getByRole('button', { name: /^Nächste Frage/ }), 'N'],
      ...['5 s', '10 s', '20 s', '40 s', '60 s'].map((name, i): [Locator, string] => [
        panel.getByRole('button', { name, exact: true }),
        String(i + 1),
      ]),
      [panel.getByRole('button', { name: 'Frage beenden', exact: true }), 'E'],
      [panel.getByRole('button', { name: 'Punkte veröffentlichen', exact: true }), 'P'],
      [host.page.getByRole('button', { name: 'Tastenkürzel', exact: true }), 'Shift+?'],
    ];
    for (const [button, shortcut] of keyed) {
      expect(await button.getAttribute('aria-keyshortcuts')).toBe(shortcut);
      expect(await button.locator('kbd').textContent()).toBe(shortcut === 'Shift+?' ? '?' : shortcut);
    }
  });

  it('N starts the next question, 5 4 3 2 restart the countdown with their presets, E ends the question', async () => {
    const page = host.page;
    await press(page, 'n');
    await asked(page, QUESTIONS[0]!);
    await stateIs(page, 'Frage aktiv (qa)');
    await player.until((views) => views.global?.state === 'qa');
    expect((await player.request('gp', { message: 'Paris' })).success).toBe(true);

    for (const [key, seconds] of [
      ['5', 60],
      ['4', 40],
      ['3', 20],
      ['2', 10],
    ] as const) {
      await press(page, key);
      await stateIs(page, 'Countdown läuft (qc)');
      await timerShows(page, seconds);
    }
    await press(page, 'e');
    await stateIs(page, 'keine Frage aktiv (qn)');
    await see(current(page).getByRole('button', { name: 'Nächste Frage (Runde 1 · Frage 2)' }));

    const events = await nightEvents();
    expect(ofType(events, 'QuestionStarted').map((e) => e.data.number)).toEqual([1]);
    expect(ofType(events, 'CountdownStarted').map((e) => e.data.seconds)).toEqual([60, 40, 20, 10]);
    expect(ofType(events, 'QuestionEnded').map((e) => e.data.reason)).toEqual(['moderator']);
    expect(
      ofType(events, 'AnswersLockedIn').map((e) => (e.data.answers as Array<{ answer: string }>).map((a) => a.answer)),
    ).toEqual([['Paris']]);
  });

  it('1 starts the 5-second countdown, which then ends the question', async () => {
    const page = host.page;
    await press(page, 'n');
    await asked(page, QUESTIONS[1]!);
    await press(page, '1');
    await stateIs(page, 'Countdown läuft (qc)');
    await timerShows(page, 5);
    await stateIs(page, 'keine Frage aktiv (qn)');
    const events = await nightEvents();
    expect(ofType(events, 'CountdownStarted').map((e) => e.data.seconds)).toEqual([60, 40, 20, 10, 5]);
    expect(ofType(events, 'QuestionEnded').map((e) => e.data.reason)).toEqual(['moderator', 'countdown']);
  });

  it('no hotkey fires while typing in an input, a textarea, a select or an editable element, nor with Ctrl, Alt or Cmd', async () => {
    const page = host.page;
    const before = (await nightEvents()).length;
    const keys = ['n', '1', '5', 'e', 'p', '?'];
    const quizField = current(page).getByLabel('Quiz-Nr.');
    await quizField.fill('');
    for (const key of keys) await page.keyboard.press(key);
    expect(await quizField.inputValue()).toBe('n15ep?');
    await quizField.fill(quizId);
    await current(page).getByLabel('Eigene Sekunden').focus();
    for (const key of keys) await page.keyboard.press(key);
    const message = page.getByLabel('Nachricht (HTML) für Pause, Vor/Nach dem Quiz, Malen und Anleitung');
    await message.fill('');
    await message.focus();
    for (const key of keys) await page.keyboard.press(key);
    expect(await message.inputValue()).toBe('n15ep?');
    await page.getByRole('combobox').first().focus();
    for (const key of keys) await page.keyboard.press(key);
    await page.evaluate(`(() => {
      const editable = document.createElement('div');
      editable.contentEditable = 'true';
      editable.id = 'editable';
      editable.setAttribute('aria-label', 'Notizen');
      document.querySelector('.control-current').append(editable);
    })()`);
    await page.locator('#editable').focus();
    for (const key of keys) await page.keyboard.press(key);
    expect(await page.locator('#editable').textContent()).toBe('n15ep?');
    await page.locator('#editable').evaluate((element) => (element as unknown as { remove(): void }).remove());
    await page.evaluate('document.activeElement instanceof HTMLElement && document.activeElement.blur()');
    for (const modifier of ['Control', 'Alt', 'Meta']) {
      for (const key of ['n', '1', 'e', 'p']) await page.keyboard.press(`${modifier}+${key}`);
    }
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Now N on the page itself: the one question it starts is the only thing that reached the log.
    await press(page, 'n');
    await asked(page, QUESTIONS[2]!);
    const events = (await nightEvents()).slice(before);
    expect(events.map((e) => e.type)).toEqual(['QuestionStarted']);
    expect((await callApi(app.baseUrl, 'GET', `/api/points/${quizId}`, undefined, playerToken)).status).toBe(404);
    await press(page, 'e');
    await stateIs(page, 'keine Frage aktiv (qn)');
  });

  it('? opens the list of hotkeys, a dialog keys do not reach; P publishes the points as the button does', async () => {
    const page = host.page;
    await press(page, '?');
    const list = page.getByRole('dialog', { name: 'Tastenkürzel der Steuerung' });
    await see(list);
    const rows = list.getByRole('row').filter({ has: page.getByRole('rowheader') });
    expect(await rows.allTextContents()).toEqual([
      'NNächste Frage starten',
      '1Countdown 5 s starten',
      '2Countdown 10 s starten',
      '3Countdown 20 s starten',
      '4Countdown 40 s starten',
      '5Countdown 60 s starten',
      'EFrage beenden',
      'PPunkte des laufenden Quiz veröffentlichen',
      '?Diese Liste öffnen',
    ]);
    expect(await wcagViolations(page)).toEqual([]); // the control page with the list open
    await page.keyboard.press('n');
    // Single-key shortcuts can be turned off (WCAG 2.1.4): then N does nothing, and ? still opens the list.
    const enabled = list.getByRole('checkbox', { name: /^Tastenkürzel eingeschaltet/ });
    expect(await enabled.isChecked()).toBe(true);
    await enabled.uncheck();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
    await press(page, 'n');
    await press(page, '?');
    await see(list);
    expect(ofType(await nightEvents(), 'QuestionStarted')).toHaveLength(3);
    await enabled.check();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });

    expect((await callApi(app.baseUrl, 'GET', `/api/points/${quizId}`, undefined, playerToken)).status).toBe(404);
    await press(page, 'p');
    await see(page.getByRole('status').filter({ hasText: 'Die Punkte sind veröffentlicht.' }));
    const published = await callApi(app.baseUrl, 'GET', `/api/points/${quizId}`, undefined, playerToken);
    expect(published.status).toBe(200);
    expect((published.body.sortedTeams as Array<{ name: string }>).map((row) => row.name)).toEqual([TEAM]);
    await player.until((views) => views.global?.points?.sortedTeams?.[0]?.name === TEAM);
  });

  it('the points page shows the statistics per question and downloads the three CSV files', async () => {
    const page = host.page;
    await nav(page, 'Punkte (Moderation)');
    await page.getByLabel('Quiz-ID').fill(quizId);
    await page.getByRole('button', { name: 'Übersicht anzeigen' }).click();
    const stats = page.getByRole('table', {
      name: 'Je Frage: Teams mit Antwort, davon richtig bewertet, Anteil richtig und durchschnittliche Punkte',
    });
    const first = stats.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Runde 1 · Frage 1' }) });
    await see(first);
    expect(await first.getByRole('cell').allTextContents()).toEqual(['1', '0', '0 %', '0']);
    const fourth = stats.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Runde 1 · Frage 4' }) });
    expect(await fourth.getByRole('cell').allTextContents()).toEqual(['0', '0', '–', '–']);
    expect(await wcagViolations(page)).toEqual([]); // the points page with the statistics and the downloads

    const downloads = page.getByRole('group', { name: 'Ergebnisse herunterladen' });
    for (const [button, file, header] of [
      [
        'Antworten (CSV)',
        'antworten',
        'Runde;Frage;Team;Eingeloggte Antwort;Vorgeschlagen von;Bewertung;Gefällt;Punkte',
      ],
      ['Punkte (CSV)', 'punkte', 'Platz;Team;Runde 1;Gesamt'],
      [
        'Statistik (CSV)',
        'statistik',
        'Runde;Frage;Teams mit Antwort;Davon richtig;Anteil richtig (%);Durchschnittliche Punkte',
      ],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        downloads.getByRole('button', { name: button }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`quiz-${quizId}-${file}.csv`);
      const bytes = await readFile(await download.path());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(bytes.subarray(3).toString('utf8').split('\r\n')[0]).toBe(header);
    }
  });

  it('the new controls are reached and worked with the keyboard and named for screen readers', async () => {
    const page = host.page;
    // Admin page: the results panel's field has a label, its buttons sit in a named group.
    await nav(page, 'Admin');
    const panel = page.getByRole('region', { name: 'Ergebnisse als Tabelle' });
    await see(panel.getByLabel('Quiz-ID'));
    await panel.getByLabel('Quiz-ID').fill(quizId);
    const group = panel.getByRole('group', { name: 'Ergebnisse herunterladen' });
    expect(await group.getByRole('button').allTextContents()).toEqual([
      'Antworten (CSV)',
      'Punkte (CSV)',
      'Statistik (CSV)',
    ]);
    await panel.getByLabel('Quiz-ID').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Antworten (CSV)');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe(`quiz-${quizId}-antworten.csv`);

    // Control page: the list opens from its button by keyboard, takes the focus, and Escape gives it back.
    await nav(page, 'Steuerung');
    const opener = page.getByRole('button', { name: 'Tastenkürzel', exact: true });
    await opener.focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('dialog', { name: 'Tastenkürzel der Steuerung' });
    await see(list);
    expect(await page.evaluate('document.activeElement?.closest("dialog") !== null')).toBe(true);
    expect(await list.getByRole('columnheader').allTextContents()).toEqual(['Taste', 'Aktion']);
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Tastenkürzel?');
  });
});
