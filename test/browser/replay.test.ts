import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { QuizShowEvent } from '../../events';
import { decodeEvent, type EventToDecode } from '../../events/codec';
import { fold, globalView, initialState, pointsOverview, teamView, type LiveState } from '../../projections/live';
import { LAPTOP, launchPerson, type Person } from './support/browser';
import { collectPageErrors, loginForm, see } from './support/player';
import { ADMIN_PASSWORD, startApp, type RunningApp } from './support/server';

/**
 * The admin replay page against the real server: the recorded night is opened from disk, the
 * scrubber is moved to three positions, and what the page shows there is checked against the same
 * events folded here with the engine.
 */
const RECORDING = path.resolve(__dirname, '../../events/recordings/night-1.jsonl');

/** The recording holds engine events `{type, version, data, metadata}`; each goes through the codec. */
function readRecording(): QuizShowEvent[] {
  return readFileSync(RECORDING, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => decodeEvent(JSON.parse(line) as EventToDecode));
}

const events = readRecording();
const total = events.length;
const stateAt = (position: number): LiveState => fold(events.slice(0, position), initialState);
/** Position p = after the first p events; the position right after the first event matching `test`. */
const after = (test: (event: QuizShowEvent) => boolean, from = 0): number => {
  const index = events.findIndex((event, i) => i >= from && test(event));
  if (index < 0) throw new Error('event not in the recording');
  return index + 1;
};
const teamIdNamed = (state: LiveState, name: string): string => {
  let id: string | null = null;
  state.teams.forEach((team) => {
    if (team.name === name) id = team.id;
  });
  if (id === null) throw new Error(`no team ${name}`);
  return id;
};

/** Early: question 1.1 open, all proposals in, the countdown not yet started. */
const EARLY = after((e) => e.type === 'CountdownStarted') - 1;
/** Middle: the ships question 2.3 locked in and corrected (the first points of the night). */
const MIDDLE = after((e) => e.type === 'ShipQuestionCorrected');
/** End: after the ranking is published and the show has switched to its closing screen. */
const END = total;
const TEAM = 'Besserwisser';

describe('the replay of the recorded night in the browser', () => {
  let app: RunningApp;
  let admin: Person;
  let page: Page;
  const pageErrors: string[] = [];

  const screen = (): Locator => page.locator('.replay-screen');
  const text = async (locator: Locator): Promise<string> => ((await locator.textContent()) ?? '').trim();

  async function scrubTo(position: number): Promise<void> {
    await page.locator('.replay-controls__scrubber').fill(String(position));
    await see(
      page.locator('.replay-controls__position').filter({ hasText: new RegExp(`^Ereignis ${position} von ${total}$`) }),
    );
  }

  async function openTab(name: 'Ansichten' | 'Ereignisse' | 'Punkte' | 'Prüfung'): Promise<void> {
    const tab = page.getByRole('tab', { name, exact: true });
    await tab.click();
    expect(await tab.getAttribute('aria-selected')).toBe('true');
  }

  /** Shows the screen of the whole audience, or of a team (rendered once its header is there). */
  async function viewAs(team: string | null): Promise<void> {
    await openTab('Ansichten');
    await page.getByLabel('Ansicht als').selectOption({ label: team === null ? 'Alle (global)' : `Team: ${team}` });
    const header = screen().locator('.team-header__name');
    if (team === null) await header.waitFor({ state: 'detached' });
    else await see(header.filter({ hasText: team }));
  }

  /** The points tab against the engine's pointsOverview at that state. */
  async function expectPoints(state: LiveState): Promise<void> {
    await openTab('Punkte');
    const quizId = state.night?.quizId ?? '1';
    const table = pointsOverview(state, quizId);
    await see(page.getByRole('heading', { name: 'Punkte an dieser Stelle' }));
    if (table.sortedTeams.length === 0) {
      await see(page.getByText('Noch keine Punkte.', { exact: true }));
      return;
    }
    const rows = page.locator('table.replay-points tbody tr');
    expect(await rows.count()).toBe(table.sortedTeams.length);
    const headers = await page.locator('table.replay-points thead th').allTextContents();
    expect(headers).toEqual(['Platz', 'Team', ...table.rounds.map((r) => `Runde ${r}`), 'Gesamt']);
    const first = table.sortedTeams[0];
    const cells = (await rows.first().locator('td, th').allTextContents()).map((c) => c.trim());
    expect(cells).toEqual([String(first.rank), first.name, ...first.rounds.map(String), String(first.total)]);
  }

  beforeAll(async () => {
    app = await startApp();
    admin = await launchPerson(LAPTOP);
    page = admin.page;
    collectPageErrors(page, 'admin', pageErrors);

    await page.goto(`${app.baseUrl}/login`);
    const login = loginForm(page);
    await login.getByLabel('Nutzername').fill('admin');
    await login.getByLabel('Passwort').fill(ADMIN_PASSWORD);
    await login.getByRole('button', { name: 'Einloggen' }).click();
    await login.waitFor({ state: 'detached' });
    await page.goto(`${app.baseUrl}/admin/replay`);
    await see(page.getByRole('heading', { name: 'Replay eines Quizabends', level: 1 }));
    await page.getByLabel('Oder Aufzeichnung öffnen (JSON Lines)').setInputFiles(RECORDING);
    // Opened from disk, the replay starts at the end of the night.
    await see(page.locator('.replay-controls__position').filter({ hasText: `Ereignis ${total} von ${total}` }));
  }, 180_000);

  afterAll(async () => {
    await admin?.close();
    await app?.stop();
  });

  afterEach(() => {
    expect(pageErrors.splice(0)).toEqual([]);
  });

  it('reads the whole recording without problems', async () => {
    expect(await page.getByText(/Zeilen konnten nicht gelesen werden/).count()).toBe(0);
    expect(await page.locator('.replay-controls__scrubber').getAttribute('max')).toBe(String(total));
  });

  it(`early (position ${EARLY}): question 1.1 is open, its answer hidden, no points yet`, async () => {
    const state = stateAt(EARLY);
    const global = globalView(state);
    expect(global.state).toBe('qa');
    const question = global.question!;
    expect(question.answer).toBeUndefined();

    await scrubTo(EARLY);
    await viewAs(null);
    const card = screen().locator(`.question.question--${question.type}`);
    await see(card);
    expect(await text(card.locator('.question__text'))).toBe(question.question);
    const meta = await text(card.locator('.question__meta'));
    expect(meta).toContain(`Runde ${question.round} · Frage ${question.number}`);
    expect(meta).toContain(question.category);
    expect(await screen().getByText('Gerade ist keine Frage aktiv.').count()).toBe(0);
    const solution = stateAt(total)
      .quizzes.get(state.night!.quizId)!
      .content.find((q) => q.round === question.round && q.number === question.number)!.answer;
    expect(await screen().textContent()).not.toContain(solution);

    // A team's screen: its proposals at that moment, with their authors.
    const teamId = teamIdNamed(state, TEAM);
    const proposals = Object.values(teamView(state, teamId)!.proposals).filter((p) => !p.chat);
    expect(proposals.length).toBeGreaterThan(0);
    await viewAs(TEAM);
    const shown = await screen().textContent();
    for (const p of proposals) {
      expect(shown).toContain(p.message);
      expect(shown).toContain(p.user);
    }

    await expectPoints(state);
  });

  it(`middle (position ${MIDDLE}): question 2.3 locked in and corrected, the team's answer and the first points`, async () => {
    const state = stateAt(MIDDLE);
    const global = globalView(state);
    expect(global.state).toBe('qn');
    const taken = teamView(state, teamIdNamed(state, TEAM))!.takenAnswer!;
    expect(taken.user).not.toBeNull();

    await scrubTo(MIDDLE);
    await viewAs(null);
    await see(screen().getByRole('heading', { name: 'Gerade ist keine Frage aktiv.' }));
    expect(await text(screen().locator('.server-message'))).toBe(global.overviewMessage);
    expect(await screen().locator('.question').count()).toBe(0);

    await viewAs(TEAM);
    await see(screen().getByText('Eure eingeloggte Antwort'));
    expect(await text(screen().locator('.taken-answer__message'))).toBe(taken.message);
    expect(await text(screen().locator('.taken-answer__author'))).toBe(`von ${taken.user}`);

    const points = pointsOverview(state, state.night!.quizId);
    expect(points.sortedTeams[0].total).toBeGreaterThan(0);
    await expectPoints(state);
  });

  it(`end (position ${END}): the ranking is published and the closing screen shows`, async () => {
    const state = stateAt(END);
    const global = globalView(state);
    expect(global.uberModus).toBe('post');
    const ranking = pointsOverview(state, state.night!.quizId);
    // The published ranking is the one the engine computes from the ratings.
    expect(global.points).toEqual(ranking);

    await scrubTo(0);
    await see(page.locator('.replay-controls__current').filter({ hasText: `Ereignis 0 von ${total}` }));
    await scrubTo(END);
    await viewAs(null);
    expect(await text(screen().locator('.server-message'))).toBe(global.uberMessage);
    expect(await screen().locator('.question').count()).toBe(0);

    await expectPoints(state);
    const winner = ranking.sortedTeams[0];
    await see(page.locator('table.replay-points tbody tr').first().getByRole('button', { name: winner.name }));
  });
});
