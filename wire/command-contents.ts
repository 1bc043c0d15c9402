/**
 * Generated from the command and query tables (src/docs/command-contents.ts) by `npm run wire:contents`;
 * test/unit/command-contents.test.ts fails when it is stale. Do not edit by hand.
 */

/** The content of each socket command and query, by message code (PROTOCOL.md). */
export interface CommandContents {
  aas: { question?: number; quiz?: string | number; round?: number; solution?: string | number; text?: string; title?: string };
  abl: { blocked?: boolean; userId?: string };
  aff: { flags?: string };
  ahd: Record<string, never>;
  ali: { id?: string };
  amu: { minutes?: number; userId?: string };
  ao: { message?: string };
  ara: { recheckAt?: number };
  arr: Record<string, never>;
  asu: { path?: string; value?: string | number | boolean };
  asv: { question?: number; quiz?: string | number; round?: number };
  ati: { id?: string };
  gc: { message?: string };
  gd: { number?: number };
  gf: { number?: number };
  ghd: { kind?: string; team?: string };
  gi: { token?: string };
  gj: { id?: string | number; password?: string };
  gl: Record<string, never>;
  glr: Record<string, never>;
  go: { number?: number };
  gp: { message?: string };
  gpw: { currentPassword?: string; newPassword?: string };
  gr: { userId?: string };
  gs: { number?: number };
  gu: { beschreibung?: string; stadt?: string; url?: string };
  gx: Record<string, never>;
  gz: { strokes?: readonly unknown[] };
  ma: { question?: number; quiz?: string | number; round?: number };
  mc: { time?: number };
  mgh: { greetingId?: string };
  mhr: { question?: number; quiz?: string | number; round?: number };
  mi: Record<string, never>;
  mlc: { open?: boolean };
  mlh: { hidden?: boolean; messageId?: string };
  mn: Record<string, never>;
  mp: { content?: Readonly<Record<string, unknown>> };
  mph: { fileName?: string; hidden?: boolean };
  mq: Record<string, never>;
  mr: Record<string, never>;
  msl: { seconds?: number };
  mtl: { teamId?: string };
  mtn: { name?: string; teamId?: string };
  mtr: { lift?: boolean; teamId?: string; userId?: string };
  mua: { color?: string; endX?: number; endY?: number; startX?: number; startY?: number; url?: string };
  muc: Record<string, never>;
  muf: { folder?: string };
  mum: { modus?: string };
  mumm: { message?: string };
  mun: { name?: string; userId?: string };
  mup: { quiz?: string | number };
  sp: { message?: string };
  ta: { quiz?: string | number };
  trx: { mark?: string; points?: number; question?: number; quiz?: string | number; regex?: string; round?: number };
  tu: { answerId?: string; change?: number; checked?: boolean; liked?: boolean };
  tua: { answerId?: string; checked?: boolean; liked?: boolean; value?: number };
  ulc: { message?: string };
}

export type CommandCode = keyof CommandContents;

/** What `command(type, content)` takes as content: the code's own for a command or query, any object for the rest. */
export type ContentOf<Code extends string> = Code extends CommandCode ? CommandContents[Code] : object;

/** The codes a client may still send during maintenance (their entry's `duringMaintenance` says to whom). */
export const MAINTENANCE_EXEMPT_CODES: readonly CommandCode[] = ['ara'];
