/**
 * The limits of docs/protocol.md ("Limits") against a real server: a socket flooding 20,000 frames
 * is throttled while another team's commands go on; failed logins per login name and per address;
 * registrations per address.
 */
import { performance } from 'node:perf_hooks';
import {
  FAILED_LOGINS_PER_ADDRESS,
  FAILED_LOGINS_PER_NAME,
  REGISTRATIONS_PER_ADDRESS,
} from '../../src/limits/logins-and-registrations';
import { FRAME_RATE, TOO_FAST } from '../../src/limits/frame-rate';
import { serverForSuite } from './support/suite';
import { ADMIN_PASSWORD, api, login, registerAndLogin } from './support/test-server';

const TEAM_FULL =
  'Euer Team hat zu dieser Frage schon 300 Vorschläge und Chatnachrichten geschrieben. Weitere gehen erst bei der nächsten Frage.';

describe('limits', () => {
  const suite = serverForSuite();
  const open = (token: string) => suite.open(token);

  it("given a socket flooding 2,000 proposals at once, then beyond its rate they are answered with the throttle text and not stored, and another team's proposal is accepted meanwhile", async () => {
    const admin = await login(suite.env.url, 'admin', ADMIN_PASSWORD);
    const quiz = await api(
      suite.env.url,
      'POST',
      '/api/quizzes',
      {
        name: 'Flut',
        yearWeek: '2026-47',
        content: [{ type: 'normal', round: 1, number: 1, question: 'Wie viele?', answer: 'Zu viele' }],
      },
      admin,
    );
    const anna = await registerAndLogin(suite.env.url, 'anna');
    const cleo = await registerAndLogin(suite.env.url, 'cleo');
    await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'Flutende', newPassword: 'flut-team', stadt: 'Köln', beschreibung: '-' },
      anna.token,
    );
    await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'Andere', newPassword: 'ruhe-team', stadt: 'Bonn', beschreibung: '-' },
      cleo.token,
    );
    const moderator = await open(admin);
    expect(await moderator.request('ma', { quiz: quiz.body.data.id, round: 1, question: 1 })).toMatchObject({
      success: true,
    });
    const flooder = await open(anna.token);
    const other = await open(cleo.token);

    const FRAMES = 2_000; // far beyond the bucket; npm run fuzz and the 20,000-frame run take longer than a CI test should
    const FIRST_ID = 100_000;
    const answers: Array<{ success: boolean; message?: string }> = [];
    let firstThrottled: () => void;
    const throttled = new Promise<void>((resolve) => (firstThrottled = resolve));
    let allAnswered: () => void;
    const answered = new Promise<void>((resolve) => (allAnswered = resolve));
    flooder.socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as {
        type: string;
        replyTo: number;
        content: { success: boolean; message?: string };
      };
      if (frame.type !== 'reply' || frame.replyTo < FIRST_ID) return;
      answers.push(frame.content);
      if (frame.content.message === TOO_FAST) firstThrottled();
      if (answers.length === FRAMES) allAnswered();
    });
    const began = performance.now();
    for (let i = 0; i < FRAMES; i++)
      flooder.socket.send(JSON.stringify({ type: 'gp', id: FIRST_ID + i, content: { message: `Flut ${i}` } }));

    await throttled;
    const sentAt = performance.now();
    expect(await other.request('gp', { message: 'Wir sind auch noch da' })).toEqual({ success: true });
    const otherMs = performance.now() - sentAt;
    await answered;
    const seconds = (performance.now() - began) / 1000;

    const accepted = answers.filter((a) => a.success).length;
    const tooFast = answers.filter((a) => a.message === TOO_FAST).length;
    const full = answers.filter((a) => a.message === TEAM_FULL).length;
    console.log(
      `flood: ${FRAMES} frames in ${seconds.toFixed(1)} s: ${accepted} accepted, ${tooFast} throttled, ${full} over the team's cap; the other team's proposal answered after ${otherMs.toFixed(0)} ms`,
    );
    expect(accepted + tooFast + full).toBe(FRAMES);
    expect(accepted).toBeLessThanOrEqual(FRAME_RATE.burst + FRAME_RATE.perSecond * seconds);
    const stored = (await suite.env.server.storage.events.readAll()).filter((e) => e.type === 'ProposalAdded');
    const flooded = stored.filter((e) => (e.data as { message: string }).message.startsWith('Flut '));
    expect(flooded).toHaveLength(accepted);
    expect(stored.filter((e) => (e.data as { message: string }).message === 'Wir sind auch noch da')).toHaveLength(1);
  });

  it('given 10 failed logins for a name, then the next login for it answers 429 in German, even with the right password; other names are not affected', async () => {
    await registerAndLogin(suite.env.url, 'berta', 'richtig123');
    await registerAndLogin(suite.env.url, 'dora', 'richtig123');
    for (let i = 0; i < FAILED_LOGINS_PER_NAME.max; i++) {
      expect(
        (
          await api(suite.env.url, 'POST', '/api/token-auth/', {
            username: i % 2 ? 'BERTA' : 'berta',
            password: `falsch${i}`,
          })
        ).status,
      ).toBe(403);
    }
    const locked = await api(suite.env.url, 'POST', '/api/token-auth/', { username: 'berta', password: 'richtig123' });
    expect(locked.status).toBe(429);
    // The minutes count down from 15 (test/unit/http-limits.test.ts has the exact texts).
    expect(locked.body.errors[0].detail).toMatch(
      /^Zu viele fehlgeschlagene Anmeldungen für diesen Nutzernamen\. Bitte versuche es in \d+ Minuten noch einmal\.$/,
    );
    expect(
      (await api(suite.env.url, 'POST', '/api/token-auth/', { username: 'dora', password: 'richtig123' })).status,
    ).toBe(200);
  });

  it('given 100 failed logins from one address, then every login from it answers 429 in German', async () => {
    const before = FAILED_LOGINS_PER_NAME.max + 1; // the attempts of the test before came from this address too (the refused one counts: counted before it was refused)
    for (let i = before; i < FAILED_LOGINS_PER_ADDRESS.max; i++) {
      expect(
        (await api(suite.env.url, 'POST', '/api/token-auth/', { username: `niemand${i}`, password: 'x' })).status,
      ).toBe(403);
    }
    const refused = await api(suite.env.url, 'POST', '/api/token-auth/', { username: 'dora', password: 'richtig123' });
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].detail).toMatch(
      /^Zu viele fehlgeschlagene Anmeldungen von deinem Anschluss\. Bitte versuche es in \d+ Minuten noch einmal\.$/,
    );
  });

  it('given 60 registrations from one address within an hour, then the next answers 429 in German', async () => {
    const made = 4; // anna, cleo, berta and dora above
    for (let i = made; i < REGISTRATIONS_PER_ADDRESS.max; i++) {
      const attempt = await api(suite.env.url, 'POST', '/api/users', {
        data: { type: 'users', attributes: { login: `neu${i}`, newPassword: 'passwort123' } },
      });
      expect(attempt.status).toBe(201); // a body the validation refuses never reaches the count (it costs no password hash)
    }
    const refused = await api(suite.env.url, 'POST', '/api/users', {
      data: { type: 'users', attributes: { login: 'einer-zu-viel', newPassword: 'passwort123' } },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].detail).toMatch(
      /^Von deinem Anschluss wurden gerade zu viele Nutzeraccounts angelegt\. Bitte versuche es in \d+ Minuten noch einmal\.$/,
    );
  });
});
