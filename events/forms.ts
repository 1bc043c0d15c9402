import type { EventEnvelope } from './envelope';

/** gruss: a greeting for the wall. */
export type GreetingSubmitted = EventEnvelope<
  'GreetingSubmitted',
  1,
  { greetingId: string; name: string; message: string }
>;

export type FormEvent = GreetingSubmitted;
