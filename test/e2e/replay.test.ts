import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CURRENT_VERSION } from '../../events';
import { belongsInStream } from '../../events/stream-of';
import { importEvents, replayEvents } from '../../src/replay/night-commands';
import { readNightExport } from '../../src/replay/night-events';
import { openStorage } from '../../src/store/storage';
import { SqlEventStore } from '../../src/store/sql/sql-event-store';
import { openTestSqlDatabase } from '../support/test-database';
import { ADMIN_PASSWORD, api, login, registerAndLogin, startTestServer, type TestServer } from './support/test-server';
import { WsClient } from './support/ws-client';

const root = path.resolve(__dirname, '../..');

/** `npm run night -- …` as an operator runs it, on the test server's data dir (and its database on Postgres). */
function night(
  env: Pick<TestServer, 'dataDir' | 'databaseUrl'>,
  ...args: string[]
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const child = spawn('npm', ['run', '--silent', 'night', '--', ...args], {
      cwd: root,
      env: {
        ...inherited,
        DATA_DIR: env.dataDir,
        NODE_OPTIONS: '',
        ...(env.databaseUrl ? { DATABASE_URL: env.databaseUrl } : {}),
      },
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Presence (online dots) lives in sockets, not in the log: everything else must match byte for byte. */
const withoutPresence = (value: unknown) =>
  JSON.stringify(value, (key, v: unknown) => (key === 'online' ? undefined : v));

describe('replay and audit of a night', () => {
  let env: TestServer;

  afterAll(async () => {
    await env.destroy();
  });

  it('plays a night, exports it, imports it into an empty store; the replay equals what the server pushed, and --verify catches a hand-altered row', async () => {
    env = await startTestServer();
    const adminToken = await login(env.url, 'admin', ADMIN_PASSWORD);
    const quiz = await api(
      env.url,
      'POST',
      '/api/quizzes',
      {
        name: 'Replay',
        yearWeek: '2026-47',
        content: [
          {
            type: 'normal',
            round: 1,
            number: 1,
            category: '(3) Kunst',
            question: 'Wer malte die Mona Lisa?',
            answer: 'Leonardo',
          },
        ],
      },
      adminToken,
    );
    const quizId = quiz.body.data.id as string;
    const players = await Promise.all(['ida', 'jan'].map((name) => registerAndLogin(env.url, name)));
    await api(
      env.url,
      'POST',
      '/api/teams',
      { name: 'Pinsel', newPassword: 'p-team', stadt: 'Mainz', beschreibung: 'Kunst' },
      players[0]!.token,
    );
    await api(
      env.url,
      'POST',
      '/api/teams',
      { name: 'Leinwand', newPassword: 'l-team', stadt: 'Worms', beschreibung: 'Auch' },
      players[1]!.token,
    );
    const moderator = await WsClient.open(env.wsUrl, adminToken);
    const [ida, jan] = await Promise.all(players.map((p) => WsClient.open(env.wsUrl, p.token)));
    await moderator.request('ma', { quiz: quizId, round: 1, question: 1 });
    await ida!.until((v) => v.global.state === 'qa');
    await ida!.request('gp', { message: 'Leonardo da Vinci' });
    await jan!.request('gp', { message: 'Michelangelo' });
    await ida!.request('gf', { number: 1 });
    await jan!.request('gf', { number: 1 });
    await moderator.request('mc', { time: 1 });
    await ida!.until((v) => v.global.state === 'qn' && v.team.takenAnswer, 10_000);
    const checking = await moderator.request('ta', { quiz: quizId });
    const leonardo = (checking.answers as Array<{ id: string; answer: string }>).find(
      (a) => a.answer === 'Leonardo da Vinci',
    )!;
    await moderator.request('tua', { answerId: leonardo.id, value: 3, checked: true, liked: false });
    await moderator.request('mp', { content: { publish: true } });
    await jan!.until((v) => v.global.points.sortedTeams.length === 2);
    for (const client of [moderator, ida!, jan!]) await client.sync();
    const pushed = { ida: { ...ida!.views }, jan: { ...jan!.views }, moderator: { ...moderator.views } };
    await Promise.all([moderator, ida!, jan!].map((c) => c.close()));
    const nightId = (await api(env.url, 'GET', '/api/nights', undefined, adminToken)).body.data[0].id as string;
    const download = await fetch(`${env.url}/api/nights/${nightId}/export`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const exported = await download.text();
    await env.stop();

    // The admin's download starts with the header; import it into an empty store and replay there.
    expect(JSON.parse(exported.slice(0, exported.indexOf('\n')))).toEqual({
      format: 'quiz-show-night',
      formatVersion: 1,
      eventVersions: CURRENT_VERSION,
      exportedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const read = readNightExport(exported);
    expect(read.formatVersion).toBe(1);
    expect(
      read.events
        .filter((e) => !belongsInStream(e.type as keyof typeof CURRENT_VERSION, e.streamId))
        .map((e) => `${e.type} in ${e.streamId}`),
    ).toEqual([]);
    const emptyDb = await openTestSqlDatabase();
    const emptyStore = await SqlEventStore.open(emptyDb.db);
    await importEvents(emptyStore, read.events);
    const replayed = replayEvents(await emptyStore.readAll());
    await emptyStore.close();
    await emptyDb.close();

    expect(withoutPresence(replayed.views.global)).toBe(withoutPresence(pushed.ida.global));
    expect(withoutPresence(replayed.views.global)).toBe(withoutPresence(pushed.jan.global));
    expect(withoutPresence(replayed.views.teams[pushed.ida.team.id])).toBe(withoutPresence(pushed.ida.team));
    expect(withoutPresence(replayed.views.teams[pushed.jan.team.id])).toBe(withoutPresence(pushed.jan.team));
    expect(withoutPresence(replayed.views.moderator)).toBe(withoutPresence(pushed.moderator.moderator));
    expect(replayed.points!.sortedTeams[0]).toMatchObject({ name: 'Pinsel', total: 3 });

    const listed = await night(env, 'list');
    expect(listed.output).toContain(`${nightId}  Quiz ${quizId} (Replay)`);
    const verified = await night(env, 'replay', nightId, '--verify');
    expect(verified.output).toContain('Keine Abweichungen');
    expect(verified.code).toBe(0);

    const storage = await openStorage({ dataDir: env.dataDir, databaseUrl: env.databaseUrl, eventStoreUrl: null });
    await storage.sql.query('UPDATE read_quiz_answers SET points = 42 WHERE answer = $1', ['Leonardo da Vinci']);
    await storage.close();
    const caught = await night(env, 'replay', nightId, '--verify');
    expect(caught.code).toBe(1);
    expect(caught.output).toMatch(/read_quiz_answers: only in the system: .*"points",42/);
    expect(caught.output).toMatch(/read_quiz_answers: only in the rebuild from the log: .*"points",3/);

    // The console's export carries the header too; import refuses a newer format and takes the export into an empty store.
    const dir = await mkdtemp(path.join(tmpdir(), 'quiz-import-'));
    try {
      const file = path.join(dir, 'night.jsonl');
      expect((await night(env, 'export', nightId, file)).code).toBe(0);
      const text = await readFile(file, 'utf8');
      expect(JSON.parse(text.slice(0, text.indexOf('\n')))).toMatchObject({
        format: 'quiz-show-night',
        formatVersion: 1,
        eventVersions: CURRENT_VERSION,
      });
      const newer = path.join(dir, 'newer.jsonl');
      await writeFile(newer, text.replace('"formatVersion":1', '"formatVersion":2'));
      const empty = { dataDir: path.join(dir, 'data'), databaseUrl: null };
      const refused = await night(empty, 'import', newer);
      expect(refused.output).toContain('Die Datei hat Format-Version 2; dieser Stand liest höchstens Version 1.');
      expect(refused.code).toBe(1);
      const imported = await night(empty, 'import', file);
      expect(imported.output).toContain(`${read.events.length} Events importiert.`);
      expect(imported.code).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 300_000); // a whole night, export, import, replay and five CLI runs: about a minute on a quiet machine, much more when CI runs beside other suites
});
