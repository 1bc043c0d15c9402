/**
 * Requests that make the server hash a password (login, registration) during a surge: while its hashing
 * queue is full the server answers 429 with an appointment (docs/protocol.md, "Busy: retry with a
 * wait"). The request goes again at that moment by itself, with the appointment's ticket so that it
 * keeps its place in line, and the player is shown the wait instead of an error.
 */
import { resendDelayMs } from '@wire/backoff';
import { HttpError } from './http';

export interface WaitOptions {
  /** The wait before the next attempt (ms), then null once an answer came. */
  onWait?(ms: number | null): void;
  random?(): number;
  sleep?(ms: number): Promise<void>;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `send` until it is answered by anything but an appointment; an appointment's ticket goes along with the next attempt. */
export async function untilServed<T>(send: (ticket?: string) => Promise<T>, options: WaitOptions = {}): Promise<T> {
  const { onWait = () => undefined, random = Math.random, sleep = sleepFor } = options;
  let ticket: string | undefined;
  for (let attempt = 0; ; attempt++) {
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
      const wait = resendDelayMs(attempt, random(), error.appointment.retryAfterMs);
      onWait(wait);
      await sleep(wait);
    }
  }
}
