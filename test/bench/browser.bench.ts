/**
 * npm run bench:browser [-- --sizes 100,1000 --screens roles,admin]
 *
 * The operator screens in Chromium on a night of N teams (test/support/seed-show.ts, written into a
 * fresh store before the server starts), for each N of --sizes: time from navigation to the data
 * being visible, DOM elements, JS heap, long tasks (PerformanceObserver 'longtask'), and one
 * interaction per screen (time from the input reaching the page until its result shows, and the longest task
 * in it; the time from the harness's call, which adds Playwright's actionability waits, is printed beside).
 * The sizes are printed side by side, and a player's first load on the phone profile (bench:phone's
 * measurement) on the same server. Timings are of this machine; compare runs of the same machine.
 * Each screen's load is measured in a Chromium driven over the DevTools protocol without Playwright
 * (support/plain-page.ts: Playwright makes Chromium copy every WebSocket frame, a snapshot's megabytes
 * included, on the page's main thread), then loaded again in Playwright's page, where its
 * interactions run; that second load is printed beside the first ("under Playwright").
 * Last, every figure against test/bench/baselines/browser.json ("slower than the last release by N %";
 * `--record-baseline` records this run instead, support/baseline.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchPerson } from '../browser/support/browser';
import { seedShow, SINGLE_QUESTION, type SeededNight } from '../support/seed-show';
import { againstBaseline, type Figure } from './support/baseline';
import { numberListFlag, stringFlag } from './support/cli';
import { phoneFirstLoad, type PhoneFirstLoad } from './support/phone-first-load';
import { PlainPage } from './support/plain-page';
import { startServer } from './support/processes';
import { untilInPage } from '../support/page-wait';

const SIZES = numberListFlag('sizes', [100, 1000]);
/** BENCH_PROFILE_DIR=<dir>: a Chromium CPU profile of each screen's load (navigation until its data is visible), for DevTools. */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
/** BENCH_TRACE_DIR=<dir>: a Chromium trace of each screen's load (tasks, script, style, layout, GC), for DevTools' Performance panel. */
const TRACE_DIR = process.env.BENCH_TRACE_DIR;
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'toplevel',
  'loading',
];
const ADMIN_PASSWORD = 'bench-admin';
const VISIBLE_TIMEOUT_MS = 60_000;

interface Figures {
  visibleMs: number;
  elements: number;
  heapMb: number;
  longestTaskMs: number;
  longTasks: number;
  /** The same load in Playwright's page (the harness copies every WebSocket frame: support/plain-page.ts), for comparison. */
  underPlaywright: { visibleMs: number; longestTaskMs: number };
}

interface Interaction {
  name: string;
  /** From the input reaching the page until its result shows. */
  ms: number;
  /** From the harness's call (Playwright's waits for the element to be visible, stable and hit, then the input) until the result shows. */
  fromCallMs: number;
  longestTaskMs: number;
}

interface ScreenResult {
  screen: string;
  load?: Figures;
  interactions: Interaction[];
  note?: string;
}

/** The events that start an interaction: a click (Playwright's selectOption dispatches input and change itself), typing, a key. */
const INPUT_EVENTS = ['pointerdown', 'mousedown', 'click', 'keydown', 'input', 'change'];

/**
 * Every long task of the page since its navigation, collected from the start (buffered), and when each
 * input reached the page (the event's timeStamp: for a real input, when the browser received it).
 */
const LONG_TASK_OBSERVER = `
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]); })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
  window.__inputs = [];
  for (const type of ${JSON.stringify(INPUT_EVENTS)})
    addEventListener(type, (e) => window.__inputs.push(e.timeStamp), { capture: true, passive: true });
`;

/** The page's clock (ms since its navigation) once the condition (a function source) holds, checked every frame. */
async function whenTrue(page: Page, condition: string): Promise<number> {
  return untilInPage<number>(page, `(${condition})() ? performance.now() : false`, VISIBLE_TIMEOUT_MS);
}

const pageNow = (page: Page) => page.evaluate('performance.now()') as Promise<number>;
const COUNT_ELEMENTS = "document.getElementsByTagName('*').length";

function longTasksIn(tasks: Array<[number, number]>, from: number, to: number): { longest: number; count: number } {
  const inside = tasks.filter(([start, duration]) => start + duration >= from && start <= to);
  return { longest: Math.round(Math.max(0, ...inside.map(([, d]) => d))), count: inside.length };
}

async function longTasksBetween(page: Page, from: number, to: number): Promise<{ longest: number; count: number }> {
  return longTasksIn((await page.evaluate('window.__longTasks')) as Array<[number, number]>, from, to);
}

/** The page whose loads are measured (support/plain-page.ts: no Playwright, so no copy of every WebSocket frame). */
let plain: PlainPage | null = null;
let profileFile: string | null = null;
let traceFile: string | null = null;

async function startLoadProfile(name: string): Promise<void> {
  if (!plain) return;
  if (PROFILE_DIR) {
    await plain.send('Profiler.enable');
    await plain.send('Profiler.setSamplingInterval', { interval: 100 });
    await plain.send('Profiler.start');
    profileFile = `${name}.cpuprofile`;
  }
  if (TRACE_DIR) {
    await plain.send('Tracing.start', {
      transferMode: 'ReturnAsStream',
      traceConfig: { includedCategories: TRACE_CATEGORIES },
    });
    traceFile = `${name}.trace.json`;
  }
}

/** Ends the running load profile and trace (if any): `<dir>/<teams>-<screen>.cpuprofile`, `.trace.json`. */
async function endLoadProfile(): Promise<void> {
  if (!plain) return;
  if (profileFile && PROFILE_DIR) {
    const file = profileFile;
    profileFile = null;
    const { profile } = await plain.send('Profiler.stop');
    await mkdir(PROFILE_DIR, { recursive: true });
    await writeFile(path.join(PROFILE_DIR, file), JSON.stringify(profile));
  }
  if (traceFile && TRACE_DIR) {
    const file = traceFile;
    traceFile = null;
    const complete = plain.once('Tracing.tracingComplete');
    await plain.send('Tracing.end');
    const handle = (await complete).stream as string;
    const parts: string[] = [];
    for (;;) {
      const { data, eof } = (await plain.send('IO.read', { handle })) as { data: string; eof: boolean };
      parts.push(data);
      if (eof) break;
    }
    await plain.send('IO.close', { handle });
    await mkdir(TRACE_DIR, { recursive: true });
    await writeFile(path.join(TRACE_DIR, file), parts.join(''));
  }
}

/** A screen that asks for the quiz first: its Quiz-ID field and the button that shows the data. */
interface QuizForm {
  quizId: string;
  button: string;
}

/** Types the quiz id into the plain page's "Quiz-ID" field as a person would (an input event React hears), then presses the button. */
async function submitQuizForm(page: PlainPage, form: QuizForm): Promise<void> {
  const field = `[...document.querySelectorAll('label')].find((l) => l.textContent.trim() === 'Quiz-ID')?.control`;
  const button = `[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === ${JSON.stringify(form.button)})`;
  await page.until(
    `(() => {
    const input = ${field};
    if (!input) return false;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, ${JSON.stringify(form.quizId)});
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return true;
  })()`,
    VISIBLE_TIMEOUT_MS,
  );
  await page.until(
    `(${field})?.value === ${JSON.stringify(form.quizId)} && (${button})?.disabled === false`,
    VISIBLE_TIMEOUT_MS,
  );
  await page.evaluate(`(${button}).click()`);
}

/**
 * Opens `url` afresh in the plain page and measures until `visible` holds (the figures), then in
 * Playwright's page, where the screen's interactions run.
 */
async function load(page: Page, url: string, visible: string, form?: QuizForm): Promise<Figures> {
  if (!plain) throw new Error('no plain page');
  await plain.goto(url);
  if (form) await submitQuizForm(plain, form);
  const visibleMs = await plain.until<number>(`(${visible})() ? performance.now() : false`, VISIBLE_TIMEOUT_MS);
  await endLoadProfile();
  const tasks = longTasksIn(await plain.evaluate<Array<[number, number]>>('window.__longTasks'), 0, visibleMs);
  const elements = await plain.evaluate<number>(COUNT_ELEMENTS);
  const heapMb = await plain.heapMb();
  await plain.goto('about:blank'); // its socket closed: the server pushes to one page less during the interactions
  await page.goto(url);
  if (form) {
    await page.getByLabel('Quiz-ID').fill(form.quizId);
    await page.getByRole('button', { name: form.button }).click();
  }
  const playwrightVisibleMs = await whenTrue(page, visible);
  const playwrightTasks = await longTasksBetween(page, 0, playwrightVisibleMs);
  return {
    visibleMs: Math.round(visibleMs),
    elements,
    heapMb,
    longestTaskMs: tasks.longest,
    longTasks: tasks.count,
    underPlaywright: { visibleMs: Math.round(playwrightVisibleMs), longestTaskMs: playwrightTasks.longest },
  };
}

/**
 * Runs `act` and measures until `done` holds, on the page's clock: from the first input event `act`
 * caused (what a person waits for), and from the call (which adds Playwright's actionability waits).
 */
async function interact(page: Page, name: string, act: () => Promise<void>, done: string): Promise<Interaction> {
  const from = await pageNow(page);
  await act();
  const to = await whenTrue(page, done);
  const inputs = (await page.evaluate('window.__inputs')) as number[];
  const caused = inputs.filter((at) => at >= from && at <= to);
  const input = caused.length > 0 ? Math.min(...caused) : from; // none seen: from the call
  const tasks = await longTasksBetween(page, input, to);
  return { name, ms: Math.round(to - input), fromCallMs: Math.round(to - from), longestTaskMs: tasks.longest };
}

/** Entries a list of the admin page offers at once (web/src/operator/admin/LinkPanels.tsx). */
const listed = (entries: number) => Math.min(entries, 100);

const text = (selector: string) => `document.querySelector(${JSON.stringify(selector)})?.textContent ?? ''`;

type Screen = (page: Page, base: string, night: SeededNight) => Promise<ScreenResult>;

const SCREENS: Record<string, Screen> = {
  async roles(page, base, night) {
    const all = `${night.players + 3} Benutzer`;
    const loaded = await load(
      page,
      `${base}/admin/users`,
      `() => document.querySelector('table.user-roles tbody tr') !== null && (${text('[role=status]')}).includes(${JSON.stringify(all)})`,
    );
    const search = page.getByLabel('Benutzer suchen');
    await search.fill('spieler-7-');
    await whenTrue(page, `() => (${text('[role=status]')}).includes(' von ')`);
    const clear = await interact(
      page,
      'clear the filter',
      () => search.fill(''),
      `() => (${text('[role=status]')}) === ${JSON.stringify(all)} && document.querySelectorAll('table.user-roles tbody tr').length > 10`,
    );
    return { screen: 'Benutzer und Rollen', load: loaded, interactions: [clear] };
  },

  async admin(page, base, night) {
    const loaded = await load(
      page,
      `${base}/admin`,
      `() => {
      const region = (name) => [...document.querySelectorAll('section')].find((s) => s.querySelector('h2')?.textContent === name);
      const team = region('JoinTeam')?.querySelector('select');
      const user = region('LoginUser')?.querySelector('select');
      return team?.options.length === ${listed(night.teams) + 1} && user?.options.length === ${listed(night.players + 3) + 1};
    }`,
    );
    const users = page.getByRole('region', { name: 'LoginUser' });
    const filter = await interact(
      page,
      'filter the user list',
      async () => {
        await users.getByLabel('Liste filtern').fill('spieler-99-');
      },
      `() => [...document.querySelectorAll('select')].some((s) => s.options.length === 5 && s.options[1]?.textContent.startsWith('spieler-99-'))`,
    );
    const teams = page.getByRole('region', { name: 'JoinTeam' }).getByLabel('Team');
    const choose = await interact(
      page,
      'choose a team',
      async () => {
        await teams.selectOption({ index: Math.min(50, night.teams) });
      },
      `() => [...document.querySelectorAll('button')].some((b) => b.textContent === 'get Invite' && !b.disabled)`,
    );
    return { screen: 'Admin: Team- und Nutzerlisten', load: loaded, interactions: [filter, choose] };
  },

  async tester(page, base) {
    const loaded = await load(page, `${base}/tester`, `() => document.querySelector('.check-answer') !== null`, {
      quizId: '1',
      button: 'Kontrollieren',
    });

    const search = page.getByLabel('Teamname (_ listet alle)');
    const all = await interact(
      page,
      'team search _',
      () => search.fill('_'),
      `() => document.querySelectorAll('.team-answers__item').length > 5`,
    );
    await search.fill('');
    const before = await page.locator('.check-answer__head .badge').textContent();
    const rate = await interact(
      page,
      'rate an answer',
      () => page.getByRole('button', { name: '2 Punkte vergeben (Taste 2)' }).click(),
      `() => (${text('.check-answer__head .badge')}) !== ${JSON.stringify(before)}`,
    );
    await page.getByLabel('Nur unkontrollierte Antworten').check();
    const next = await interact(
      page,
      'next unchecked',
      () => page.getByRole('button', { name: 'Nächste Frage' }).click(),
      `() => (${text('.checker h2')}).includes('Frage 4')`,
    );
    const round = await interact(
      page,
      'whole round as a table',
      () => page.getByText('Ganze Runde', { exact: true }).click(),
      `() => document.querySelectorAll('table.round-table tbody tr').length > 5`,
    );
    return { screen: 'Kontrolleur', load: loaded, interactions: [all, round, rate, next] };
  },

  async points(page, base, night) {
    const loaded = await load(
      page,
      `${base}/moderator/points`,
      `() => document.querySelector('table.points-table tbody tr') !== null`,
      {
        quizId: '1',
        button: 'Übersicht anzeigen',
      },
    );
    const sort = await interact(
      page,
      'sort toggle',
      () => page.getByRole('button', { name: /Sortierung wechseln/ }).click(),
      `() => document.querySelector('button[aria-pressed="true"]')?.textContent?.includes('letzter Runde') === true`,
    );
    await page.evaluate('window.__sameDocument = true');
    let publish: Interaction;
    let note: string | undefined;
    try {
      publish = await interact(
        page,
        'Punkte veröffentlichen',
        () => page.getByRole('button', { name: 'Veröffentlichen', exact: true }).click(),
        `() => (${text('.badge[role=status]')}) === 'Die Punkte sind veröffentlicht.'`,
      );
      if (!(await page.evaluate('window.__sameDocument === true'))) note = 'publish: the page reloaded';
    } catch (error) {
      publish = { name: 'Punkte veröffentlichen', ms: Number.NaN, fromCallMs: Number.NaN, longestTaskMs: Number.NaN };
      note = `publish failed at ${night.teams} teams: ${(error as Error).message.split('\n')[0]}`;
    }
    return { screen: 'Punkte (Moderation)', load: loaded, interactions: [sort, publish], note };
  },

  async picviewer(page, base, night) {
    // Every team has uploaded a picture (laid into the upload store as the server stores them: team/<id>/<uuid>.png).
    const teams = await teamIds(base);
    const folders = `document.querySelectorAll('.folder-list__item').length`;
    const loaded = await load(
      page,
      `${base}/moderator/picviewer`,
      `() => [...document.querySelectorAll('.folder-button__name')].some((b) => b.textContent === 'team')`,
    );
    const open = await interact(
      page,
      "open the teams' folder",
      () => page.getByRole('button', { name: 'Ordner team öffnen', exact: true }).click(),
      `() => ${folders} === ${teams.length} && (${text('.operator h2')}) === 'team'`,
    );
    const some = teams[Math.floor(teams.length / 2)]!;
    // The moderator scrolls to the team first; the figure is the click's (not Playwright's scrolling and waiting for the list to stand still).
    const folderButton = page.locator(`button.folder-button[title="${some}"]`);
    await folderButton.scrollIntoViewIfNeeded();
    const team = await interact(
      page,
      "open a team's folder",
      () => folderButton.click(),
      `() => document.querySelector('.folder-list__item figure') !== null`,
    );
    void night;
    return { screen: 'Bildbetrachter (Upload-Ordner)', load: loaded, interactions: [open, team] };
  },

  async control(page, base, night) {
    const loaded = await load(
      page,
      `${base}/moderator/control`,
      `() => document.querySelectorAll('.answer-cell').length > 0 && (${text('h2')}) !== ''`,
    );
    // One interaction that pushes to every screen: a countdown (long enough not to end during the bench).
    const countdown = await interact(
      page,
      'countdown 60 s (push)',
      () => page.getByRole('button', { name: '60 s', exact: true }).click(),
      `() => /^\\d+ s$/.test(${text('.control-current [role=timer]')})`,
    );
    void night;
    return {
      screen: `Steuerung: Einzelspieler-Antworten (Frage ${SINGLE_QUESTION})`,
      load: loaded,
      interactions: [countdown],
    };
  },
};

/** The seeded teams' ids; each gets a picture in the upload store (the picture viewer's team folders). */
async function teamIds(base: string): Promise<string[]> {
  const response = await fetch(`${base}/api/teams`, { headers: { authorization: `Bearer ${await adminToken(base)}` } });
  const { data } = (await response.json()) as { data: Array<{ id: string }> };
  return data.map((team) => team.id);
}

/** A 1×1 PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function uploadTeamPictures(dataDir: string, base: string): Promise<void> {
  for (const id of await teamIds(base)) {
    const folder = path.join(dataDir, 'uploads', 'team', id);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, `${randomUUID()}.png`), PIXEL);
  }
}

async function adminToken(base: string): Promise<string> {
  const response = await fetch(`${base}/api/token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`admin login failed: ${response.status}`);
  return body.token;
}

async function measureSize(
  teams: number,
  screens: string[],
): Promise<{ night: SeededNight; results: ScreenResult[]; seedMs: number; phone: PhoneFirstLoad | null }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-browser-'));
  const seedStart = performance.now();
  const night = await seedShow({ dataDir }, { teams });
  const seedMs = Math.round(performance.now() - seedStart);
  const server = await startServer({
    dataDir,
    jwtSecret: 'bench-browser-secret-at-least-32-bytes-long',
    env: { ADMIN_PASSWORD, LOG_LEVEL: 'warn' },
  });
  const person = await launchPerson();
  try {
    const { page } = person;
    await page.addInitScript(LONG_TASK_OBSERVER);
    person.context.setDefaultTimeout(VISIBLE_TIMEOUT_MS);
    await page.goto(`${server.url}/login`);
    const token = await adminToken(server.url);
    await uploadTeamPictures(dataDir, server.url);
    await page.evaluate(`window.localStorage.setItem('token', ${JSON.stringify(token)})`);
    const results: ScreenResult[] = [];
    for (const name of screens) {
      // A Chromium of its own for each screen's load: no other screen's sockets or caches in it.
      plain = await PlainPage.launch();
      await plain.addInitScript(LONG_TASK_OBSERVER);
      await plain.goto(`${server.url}/login`);
      await plain.until(`document.readyState === 'complete'`, VISIBLE_TIMEOUT_MS);
      await plain.evaluate(`window.localStorage.setItem('token', ${JSON.stringify(token)})`);
      try {
        await startLoadProfile(`${teams}-${name}`);
        results.push(await SCREENS[name]!(page, server.url, night));
      } catch (error) {
        results.push({ screen: name, interactions: [], note: `failed: ${(error as Error).message.split('\n')[0]}` });
      }
      await endLoadProfile();
      await plain.close();
      plain = null;
    }
    await person.close();
    const phone = await phoneFirstLoad(server.url).catch(() => null);
    return { night, results, seedMs, phone };
  } finally {
    await person.close();
    await plain?.close();
    plain = null;
    await server.process.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const cell = (value: number | undefined, unit = '') =>
  value === undefined || Number.isNaN(value) ? '–' : `${value.toLocaleString('en')}${unit}`;

async function main(): Promise<void> {
  const screens = stringFlag('screens', Object.keys(SCREENS).join(',')).split(',');
  const runs: Array<{
    teams: number;
    night: SeededNight;
    results: ScreenResult[];
    seedMs: number;
    phone: PhoneFirstLoad | null;
  }> = [];
  for (const teams of SIZES) {
    const run = await measureSize(teams, screens);
    runs.push({ teams, ...run });
    process.stdout.write(`seeded ${teams} teams in ${run.seedMs} ms: ${JSON.stringify(run.night)}\n`);
  }
  const header = `| screen | measure | ${runs.map((r) => `${r.teams} teams`).join(' | ')} |`;
  const lines = [header, `| --- | --- | ${runs.map(() => '---').join(' | ')} |`];
  screens.forEach((_, i) => {
    const name = runs[0]!.results[i]!.screen;
    const row = (measure: string, pick: (r: ScreenResult) => string) =>
      lines.push(`| ${name} | ${measure} | ${runs.map((r) => pick(r.results[i]!)).join(' | ')} |`);
    row('data visible', (r) => cell(r.load?.visibleMs, ' ms'));
    row('longest task (count)', (r) => (r.load ? `${cell(r.load.longestTaskMs, ' ms')} (${r.load.longTasks})` : '–'));
    row('under Playwright: data visible, longest task', (r) =>
      r.load
        ? `${cell(r.load.underPlaywright.visibleMs, ' ms')}, ${cell(r.load.underPlaywright.longestTaskMs, ' ms')}`
        : '–',
    );
    row('DOM elements', (r) => cell(r.load?.elements));
    row('JS heap', (r) => cell(r.load?.heapMb, ' MB'));
    runs[0]!.results[i]!.interactions.forEach((interaction, j) => {
      row(interaction.name, (r) =>
        r.interactions[j]
          ? `${cell(r.interactions[j]!.ms, ' ms')}, task ${cell(r.interactions[j]!.longestTaskMs, ' ms')} (from the call ${cell(r.interactions[j]!.fromCallMs, ' ms')})`
          : '–',
      );
    });
    for (const r of runs)
      if (r.results[i]!.note) lines.push(`| ${name} | note (${r.teams} teams) | ${r.results[i]!.note} |`);
  });
  lines.push(
    `| player's first load, phone | login usable | ${runs.map((r) => cell(r.phone ? Math.round(r.phone.usableMs) : undefined, ' ms')).join(' | ')} |`,
  );
  lines.push(
    `| player's first load, phone | bytes over the wire | ${runs.map((r) => cell(r.phone ? Math.round(r.phone.bytes / 1024) : undefined, ' KB')).join(' | ')} |`,
  );
  process.stdout.write(`\n${lines.join('\n')}\n`);
  await againstBaseline('browser', figuresOf(runs));
}

/** The run's figures by name ("<teams> teams · <screen> · <measure>"), for the baseline. */
function figuresOf(runs: Array<{ teams: number; results: ScreenResult[]; phone: PhoneFirstLoad | null }>): Figure[] {
  const figures: Figure[] = [];
  for (const { teams, results, phone } of runs) {
    const at = (screen: string, measure: string) => `${teams.toLocaleString('en')} teams · ${screen} · ${measure}`;
    for (const result of results) {
      if (result.load) {
        figures.push({ name: at(result.screen, 'data visible'), value: result.load.visibleMs, unit: 'ms' });
        figures.push({ name: at(result.screen, 'longest task'), value: result.load.longestTaskMs, unit: 'ms' });
      }
      for (const interaction of result.interactions) {
        figures.push({ name: at(result.screen, interaction.name), value: interaction.ms, unit: 'ms' });
        figures.push({
          name: at(result.screen, `${interaction.name}: longest task`),
          value: interaction.longestTaskMs,
          unit: 'ms',
        });
      }
    }
    if (phone) {
      figures.push({ name: at("player's first load, phone", 'login usable'), value: phone.usableMs, unit: 'ms' });
      figures.push({
        name: at("player's first load, phone", 'bytes over the wire'),
        value: Math.round(phone.bytes / 1024),
        unit: 'KB',
      });
    }
  }
  return figures;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
