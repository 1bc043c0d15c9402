/**
 * Logins and registrations during a surge (issue 34): answered 429 with an appointment of the hashing
 * queue, the web app goes again by itself at that moment with the appointment's ticket, and tells the
 * form how long the wait is; anything else ends the loop as before.
 */
import { resendDelayMs, LONGEST_SERVER_WAIT_MS } from '../../wire/backoff';
import { HttpError } from '../../web/src/api/http';
import { SLOW_MS, untilServed, type QueueWait } from '../../web/src/api/queue';
import { t } from '../../web/src/texts';

const busy = (retryAfterMs: number, ticket: string) =>
  new HttpError(429, 'Der Server ist gerade sehr beschäftigt. Bitte versuche es gleich noch einmal.', {
    retryAfterMs,
    ticket,
  });

describe('waiting for the hashing queue', () => {
  it('given two appointments, then the request goes again at each with its ticket, the form hears each wait and then null, and the answer comes back', async () => {
    const answers: Array<HttpError | string> = [busy(1200, 'ticket-1'), busy(800, 'ticket-2'), 'token'];
    const tickets: Array<string | undefined> = [];
    const waits: Array<QueueWait | null> = [];
    const slept: number[] = [];
    const answer = await untilServed(
      async (ticket) => {
        tickets.push(ticket);
        const next = answers.shift()!;
        if (next instanceof HttpError) throw next;
        return next;
      },
      { onWait: (wait) => waits.push(wait), random: () => 0, sleep: async (ms) => void slept.push(ms) },
    );
    expect(answer).toBe('token');
    expect(tickets).toEqual([undefined, 'ticket-1', 'ticket-2']);
    expect(slept).toEqual([1200, 800]);
    expect(waits).toEqual([{ kind: 'appointment', ms: 1200 }, { kind: 'appointment', ms: 800 }, null]);
  });

  it("given an answer that takes longer than a moment (the request waits in the server's line), then the form hears that it waits in line", async () => {
    const waits: Array<QueueWait | null> = [];
    let slow: (() => void) | null = null;
    let answer!: (token: string) => void;
    const served = untilServed(() => new Promise<string>((resolve) => (answer = resolve)), {
      onWait: (wait) => waits.push(wait),
      setTimeout: (fn, ms) => {
        expect(ms).toBe(SLOW_MS);
        slow = fn;
        return 1;
      },
      clearTimeout: () => (slow = null),
    });
    slow!();
    answer('token');
    expect(await served).toBe('token');
    expect(waits).toEqual([{ kind: 'inLine' }, null]);
    expect(slow).toBeNull();
    expect(t.auth.inLine).toMatch(/Du bist gleich dran/);
    expect(t.findTeam.inLine).toMatch(/Du bist gleich dran/);
  });

  it('given a refusal without an appointment (a wrong password, the failed-login limit), then it is thrown at once', async () => {
    const wrong = new HttpError(403, 'falsch');
    const limited = new HttpError(429, 'Zu viele fehlgeschlagene Anmeldungen für diesen Nutzernamen.');
    for (const error of [wrong, limited]) {
      const waits: Array<QueueWait | null> = [];
      await expect(
        untilServed(
          async () => {
            throw error;
          },
          { onWait: (wait) => waits.push(wait) },
        ),
      ).rejects.toBe(error);
      expect(waits).toEqual([null]);
    }
  });

  it('the resend delay: the named wait plus at most a tenth (and 250 ms) of jitter, capped at a minute; without one, the backoff', () => {
    expect(resendDelayMs(0, 0, 1000)).toBe(1000);
    expect(resendDelayMs(0, 1, 1000)).toBe(1100);
    expect(resendDelayMs(0, 1, 10_000)).toBe(10_250);
    expect(resendDelayMs(0, 0, 10 * LONGEST_SERVER_WAIT_MS)).toBe(LONGEST_SERVER_WAIT_MS);
    expect(resendDelayMs(3, 0)).toBe(400);
  });

  it("the form's text says why and for how long", () => {
    expect(t.auth.queued(1)).toBe(
      'Gerade melden sich sehr viele gleichzeitig an. Du bist gleich dran – noch etwa eine Sekunde, es geht von selbst weiter.',
    );
    expect(t.auth.queued(12)).toContain('noch etwa 12 Sekunden');
  });
});
