import { spawn } from 'node:child_process';
import path from 'node:path';
import { importEvents, replayEvents } from '../../src/replay/night-commands';
import { fromJsonLines, nightWithDependencies, toJsonLines } from '../../src/replay/night-events';
import { openStorage } from '../../src/store/storage';
import { SqlEventStore } from '../../src/store/sql/sql-event-store';
import { openTestSqlDatabase } from '../support/test-database';
import { ADMIN_PASSWORD, api, login, registerAndLogin, startTestServer, type TestServer } from './support/test-server';
import { WsClient } from './support/ws-client';

const root = path.resolve(__dirname, '../..');

/** `npm run night -- …` as an operator runs it, on the test server's data dir (and its database on Postgres). */
function night(env: TestServer, ...args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'night', '--', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: env.dataDir, NODE_OPTIONS: '', ...(env.databaseUrl ? { DATABASE_URL: env.databaseUrl } : {}) },
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Presence (online dots) lives in sockets, not in the log: everything else must match byte for byte. */
const withoutPresence = (value: unknown) => JSON.stringify(value, (key, v: unknown) => (key === 'online' ? undefined : v));

describe('replay and audit of a night', () => {
  let env: TestServer;

  afterAll(async () => {
    await env.destroy();
  });

  it('plays a night, exports it, imports it into an empty store; the replay equals what the server pushed, and --verify catches a hand-altered row', async () => {
    env = await startTestServer();
    const adminToken = await login(env.url, 'admin', ADMIN_PASSWORD);
    const quiz = await api(env.url, 'POST', '/api/quizzes', {
      name: 'Replay', yearWeek: '2026-47',
      content: [{ type: 'normal', round: 1, number: 1, category: '(3) Kunst', question: 'Wer malte die Mona Lisa?', answer: 'Leonardo' }],
    }, adminToken);
    const quizId = quiz.body.data.id as string;
    const players = await Promise.all(['ida', 'jan'].map((name) => registerAndLogin(env.url, name)));
    await api(env.url, 'POST', '/api/teams', { name: 'Pinsel', newPassword: 'p', stadt: 'Mainz', beschreibung: 'Kunst' }, players[0]!.token);
    await api(env.url, 'POST', '/api/teams', { name: 'Leinwand', newPassword: 'l', stadt: 'Worms', beschreibung: 'Auch' }, players[1]!.token);
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
    const leonardo = (checking.answers as Array<{ id: string; answer: string }>).find((a) => a.answer === 'Leonardo da Vinci')!;
    await moderator.request('tua', { answerId: leonardo.id, value: 3, checked: true, liked: false });
    await moderator.request('mp', { content: { publish: true } });
    await jan!.until((v) => v.global.points.sortedTeams.length === 2);
    for (const client of [moderator, ida!, jan!]) await client.sync();
    const pushed = { ida: { ...ida!.views }, jan: { ...jan!.views }, moderator: { ...moderator.views } };
    await Promise.all([moderator, ida!, jan!].map((c) => c.close()));
    await env.stop();

    // Export from the system's store, import into an empty one, replay there.
    let storage = await openStorage({ dataDir: env.dataDir, databaseUrl: env.databaseUrl, eventStoreUrl: null });
    const nights = await storage.events.readAll();
    const nightId = nights.find((e) => e.type === 'NightStarted')!.streamId.slice('night-'.length);
    const exported = toJsonLines((await nightWithDependencies(storage.events, nightId))!);
    await storage.close();
    const emptyDb = await openTestSqlDatabase();
    const emptyStore = await SqlEventStore.open(emptyDb.db);
    await importEvents(emptyStore, fromJsonLines(exported));
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

    storage = await openStorage({ dataDir: env.dataDir, databaseUrl: env.databaseUrl, eventStoreUrl: null });
    await storage.sql.query('UPDATE read_quiz_answers SET points = 42 WHERE answer = $1', ['Leonardo da Vinci']);
    await storage.close();
    const caught = await night(env, 'replay', nightId, '--verify');
    expect(caught.code).toBe(1);
    expect(caught.output).toMatch(/read_quiz_answers: only in the system: .*"points",42/);
    expect(caught.output).toMatch(/read_quiz_answers: only in the rebuild from the log: .*"points",3/);
  }, 300_000); // a whole night, export, import, replay and two CLI runs: about a minute on a quiet machine, much more when CI runs beside other suites
});
