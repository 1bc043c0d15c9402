import { WrongExpectedRevisionError, type ExpectedRevision } from '../event-store';

/** Refuses an invalid expected revision before anything is read. */
export function checkExpected(expected: ExpectedRevision): void {
  if (expected === 'any' || expected === 'no_stream') return;
  if (!Number.isSafeInteger(expected) || expected < 0) throw new RangeError(`Invalid expected revision ${expected}`);
}

/** Whether a stream whose last revision is `head` (-1: no stream) is where the appender expects it. */
export function isAt(expected: ExpectedRevision, head: number): boolean {
  return expected === 'any' || (expected === 'no_stream' ? head < 0 : head === expected);
}

export function wrongRevision(streamId: string, expected: ExpectedRevision, head: number): WrongExpectedRevisionError {
  return new WrongExpectedRevisionError(streamId, expected, head < 0 ? 'no_stream' : head);
}
