/**
 * Requests that make the server hash a password (login, registration) during a surge (docs/protocol.md,
 * "Busy: wait in line, or come back at an appointment"). The server's hashing line may hold a request for
 * seconds: after SLOW_MS the form says why it waits. Beyond the line the server answers 429 with an
 * appointment: the request goes again at that moment by itself, with the appointment's ticket so that it
 * keeps its place, and the form shows how long.
 */
import { resendDelayMs } from '@wire/backoff';
import { HttpError } from './http';

/** After this long without an answer a request is probably waiting in the server's hashing line. */
export const SLOW_MS = 1500;

/** Why a form waits: in the server's line (for how long is not known), or for an appointment `ms` away. */
export type QueueWait = { kind: 'inLine' } | { kind: 'appointment'; ms: number };

export interface WaitOptions {
  /** What the form waits for now; null once an answer came. */
  onWait?(wait: QueueWait | null): void;
  random?(): number;
  sleep?(ms: number): Promise<void>;
  setTimeout?(fn: () => void, ms: number): unknown;
  clearTimeout?(handle: unknown): void;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `send` until it is answered by anything but an appointment; an appointment's ticket goes along with the next attempt. */
export async function untilServed<T>(send: (ticket?: string) => Promise<T>, options: WaitOptions = {}): Promise<T> {
  const {
    onWait = () => undefined,
    random = Math.random,
    sleep = sleepFor,
    setTimeout: later = (fn, ms) => setTimeout(fn, ms),
    clearTimeout: cancel = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  } = options;
  let ticket: string | undefined;
  for (let attempt = 0; ; attempt++) {
    const slow = later(() => onWait({ kind: 'inLine' }), SLOW_MS);
    try {
      const answer = await send(ticket);
      onWait(null);
      return answer;
    } catch (error) {
      if (!(error instanceof HttpError) || error.appointment === null) {
        onWait(null);
        throw error;
      }
      ticket = error.appointment.ticket;
      const ms = resendDelayMs(attempt, random(), error.appointment.retryAfterMs);
      onWait({ kind: 'appointment', ms });
      await sleep(ms);
    } finally {
      cancel(slow);
    }
  }
}
