import { monitorEventLoopDelay } from 'node:perf_hooks';
import { MESSAGE_MAX_LENGTH } from '../../projections/live';
import { serverForSuite } from './support/suite';
import { ADMIN_PASSWORD, api, login, registerAndLogin } from './support/test-server';

const PLAYERS = 20;
/**
 * Each answer: about this many a's and a "!", the worst case of `(a|aa|aaa)+$` (32 of them took 40 s
 * with the backtracking RegExp; 999 would never end), as long as a message may be.
 */
const ANSWER_LENGTH = MESSAGE_MAX_LENGTH - 1;
const NO_MATCH = 'Keine Antwort mit den gewünschten Einschränkungen gefunden';
const TOO_COMPLEX = 'Dieser reguläre Ausdruck ist zu lang oder zu aufwendig (höchstens 500 Zeichen).';
/** Catastrophic for a backtracking engine, each with the reply it gets now. */
const WORST_PATTERNS: Array<[string, string]> = [
  ['(a|aa|aaa)+$', NO_MATCH],
  ['(a+)+$', NO_MATCH],
  ['(a|a?)+b', NO_MATCH],
  ['(.*a){20}!x', NO_MATCH],
  ['((a{10}){10}){10}x', TOO_COMPLEX],
];
/** Generous: a loaded two-core machine must never reach it; the backtracking RegExp took 40 s. */
const BOUND_MS = 1_000;

/**
 * A moderator's worst regular expressions against many long answers must not stall anybody else:
 * while `trx` runs them, the server's event loop stays responsive and another player's pings and
 * `/api/health` answer at once.
 */
describe('regular expressions run in linear time', () => {
  const suite = serverForSuite();
  const open = (token: string) => suite.open(token);

  it('trx with the worst known patterns on long answers keeps the event loop and other clients fast', async () => {
    const adminToken = await login(suite.env.url, 'admin', ADMIN_PASSWORD);
    const quiz = await api(
      suite.env.url,
      'POST',
      '/api/quizzes',
      {
        name: 'Regex',
        yearWeek: '2026-48',
        content: [{ type: 'normal', round: 1, number: 1, category: 'K', question: 'Wie viele a?', answer: 'viele' }],
      },
      adminToken,
    );
    const quizId = quiz.body.data.id as string;
    const moderator = await open(adminToken);
    expect(await moderator.request('mum', { modus: 'quiz-single' })).toMatchObject({ success: true });
    expect(await moderator.request('ma', { quiz: quizId, round: 1, question: 1 })).toMatchObject({ success: true });
    const players = await Promise.all(
      Array.from({ length: PLAYERS }, async (_, i) =>
        open((await registerAndLogin(suite.env.url, `spieler${i}`)).token),
      ),
    );
    for (const [i, player] of players.entries()) {
      expect(await player.request('sp', { message: `${'a'.repeat(ANSWER_LENGTH - i)}!` })).toMatchObject({
        success: true,
      });
    }
    expect(await moderator.request('mn')).toMatchObject({ success: true });
    const bystander = players[0]!;

    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    let pinging = true;
    const pings: number[] = [];
    const health: number[] = [];
    const pinger = (async () => {
      while (pinging) {
        const started = performance.now();
        expect(await bystander.request('ping')).toMatchObject({ success: true });
        pings.push(performance.now() - started);
        const healthStarted = performance.now();
        expect((await api(suite.env.url, 'GET', '/api/health')).status).toBe(200);
        health.push(performance.now() - healthStarted);
      }
    })();

    const started = performance.now();
    const replies = [];
    for (const [regex] of WORST_PATTERNS)
      replies.push(await moderator.request('trx', { quiz: quizId, round: 1, question: 1, regex, mark: 'correct' }));
    const trxMs = performance.now() - started;
    pinging = false;
    await pinger;
    loop.disable();

    expect(replies.map((r) => r.message)).toEqual(WORST_PATTERNS.map(([, message]) => message));
    const maxLoopMs = loop.max / 1e6;
    console.log(
      `trx: ${WORST_PATTERNS.length} patterns on ${PLAYERS} answers of ${ANSWER_LENGTH} characters in ${trxMs.toFixed(0)} ms; ` +
        `event-loop delay max ${maxLoopMs.toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms; ` +
        `bystander: ${pings.length} pings, max ${Math.max(...pings).toFixed(1)} ms; ${health.length} health checks, max ${Math.max(...health).toFixed(1)} ms`,
    );
    expect(maxLoopMs).toBeLessThan(BOUND_MS);
    expect(pings.length).toBeGreaterThan(0);
    expect(Math.max(...pings, ...health)).toBeLessThan(BOUND_MS);

    // The same engine marks what matches: every answer here.
    expect(
      await moderator.request('trx', { quiz: quizId, round: 1, question: 1, regex: '^A+!$', mark: 'correct' }),
    ).toMatchObject({ success: true });
    await moderator.until((v) => v.tester?.answers?.filter((a: { checked: boolean }) => a.checked).length === PLAYERS);
  });
});
