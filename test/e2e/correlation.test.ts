import { causationOf, correlationOf, type QuizShowEvent } from '../../events';
import { fromStored } from '../../src/engine/stored-events';
import { serverForSuite } from './support/suite';
import { ADMIN_PASSWORD, api, login, registerAndLogin } from './support/test-server';

/**
 * Every event names the command it belongs to and what caused it (PROTOCOL.md wave 5, "Where the show
 * lives"), as KurrentDB's $correlationId and $causationId do: the first admin, HTTP and socket commands,
 * and the server's own countdown expiry, which names the countdown's start as its cause. On the store
 * the suite runs on (the embedded one, or Postgres with DATABASE_URL; the adapters keep metadata as
 * given: test/contract/event-store.contract.ts).
 */
describe('correlation and causation ids', () => {
  const suite = serverForSuite();

  it('every event carries both; a command-caused one names its command, the expiry names the countdown start and its correlation', async () => {
    const { env } = suite;
    const admin = await login(env.url, 'admin', ADMIN_PASSWORD);
    const quiz = await api(
      env.url,
      'POST',
      '/api/quizzes',
      {
        name: 'Ursachen',
        yearWeek: '2026-49',
        content: [{ type: 'normal', round: 1, number: 1, question: 'Q?', answer: 'A' }],
      },
      admin,
    );
    expect(quiz.status).toBe(201);
    const player = await registerAndLogin(env.url, 'ursula');
    await api(
      env.url,
      'POST',
      '/api/teams',
      { name: 'Die Ursachen', newPassword: 'u-team', stadt: 'Kiel', beschreibung: 'Warum' },
      player.token,
    );
    const moderator = await suite.open(admin);
    const playerWs = await suite.open(player.token);
    expect(await moderator.request('ma', { quiz: quiz.body.data.id, round: 1, question: 1 })).toMatchObject({
      success: true,
    });
    await playerWs.until((v) => v.global.state === 'qa');
    expect(await playerWs.request('gp', { message: 'A' })).toMatchObject({ success: true });
    expect(await moderator.request('mc', { time: 1 })).toMatchObject({ success: true });
    await playerWs.until((v) => v.global.state === 'qn' && v.team.takenAnswer, 10_000);

    const events: QuizShowEvent[] = (await env.server.storage.events.readAll()).map(fromStored);
    expect(events.length).toBeGreaterThan(8);
    for (const event of events) {
      expect({
        type: event.type,
        correlationId: typeof event.metadata.correlationId,
        causationId: typeof event.metadata.causationId,
      }).toEqual({
        type: event.type,
        correlationId: 'string',
        causationId: 'string',
      });
    }
    const started = events.find((e) => e.type === 'CountdownStarted')!;
    const expired = events.find((e) => e.type === 'CountdownExpired')!;
    expect(started.metadata).toMatchObject({
      correlationId: started.metadata.commandId,
      causationId: started.metadata.commandId,
    });
    expect(expired.metadata).toMatchObject({
      causationId: started.metadata.eventId,
      correlationId: started.metadata.commandId,
    });
    expect(expired.metadata.commandId).not.toBe(started.metadata.commandId);
    // Everything but what the scheduler did is caused by its own command.
    for (const event of events.filter((e) => e.metadata.actor.userId !== null))
      expect(causationOf(event.metadata)).toBe(event.metadata.commandId);
    expect(correlationOf(expired.metadata)).toBe(correlationOf(started.metadata));
  });
});
