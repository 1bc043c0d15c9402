/**
 * The command table (ARCHITECTURE.md rule 9): one entry per command, each in its area's file beside
 * its rule (see entry.ts for what an entry holds). This file only merges the areas: the compiler
 * refuses a command type without an entry, and one with two.
 * Adding a command = in the area's file, its type (in the area's union of commands), one entry and
 * its rule + its given/when/then tests (and its parse case in test/unit/parse.test.ts). A new area
 * adds its union to `Command` (commands.ts) and its entries to AREAS below.
 */
import { accountEntries } from './accounts';
import { contentModerationEntries } from './content-moderation';
import type { Command, CommandInput, CommandOfType, CommandType } from './commands';
import { drawingEntries } from './drawing';
import type { CommandEntry } from './entry';
import { formEntries } from './forms';
import { healDealEntries } from './heal-deal';
import { identityEntries } from './identity';
import { moderationEntries } from './moderation';
import { nightEntries } from './night';
import { overlayLinkEntries } from './overlay-links';
import { passwordResetEntries } from './password-reset';
import { emailChangeEntries } from './email-change';
import { proposalEntries } from './proposals';
import { quizEntries } from './quizzes';
import { ratingEntries } from './rating';
import { shipEntries } from './ship';
import { showSettingsEntries } from './show-settings';
import { showEntries } from './show';
import { teamEntries } from './teams';
import { uploadEntries } from './uploads';
import { userRoleEntries } from './user-roles';

const AREAS = [
  identityEntries,
  userRoleEntries,
  accountEntries,
  teamEntries,
  quizEntries,
  nightEntries,
  proposalEntries,
  drawingEntries,
  healDealEntries,
  ratingEntries,
  shipEntries,
  showEntries,
  showSettingsEntries,
  overlayLinkEntries,
  uploadEntries,
  formEntries,
  moderationEntries,
  contentModerationEntries,
  passwordResetEntries,
  emailChangeEntries,
] as const;

/** The command types that more than one area has an entry for (the merge would silently keep the last). */
type Duplicated<Areas extends readonly object[], Seen = never> = Areas extends readonly [
  infer First extends object,
  ...infer Rest extends readonly object[],
]
  ? (keyof First & Seen) | Duplicated<Rest, Seen | keyof First>
  : never;
/** Fails to compile, naming the command, when two areas hold an entry for it. */
const noDuplicates: [Duplicated<typeof AREAS>] extends [never] ? true : Duplicated<typeof AREAS> = true;
void noDuplicates;

/** The areas' entries as one object type. */
type Merged<Areas extends readonly object[]> = Areas extends readonly [
  infer First,
  ...infer Rest extends readonly object[],
]
  ? First & Merged<Rest>
  : unknown;

/** Every command type with its one entry. */
export type CommandTable = { readonly [T in CommandType]: CommandEntry<CommandOfType<T>> };

const table: CommandTable = Object.assign({}, ...AREAS) as Merged<typeof AREAS>;

export const commandTable = table;

/** The table entry of a command type, or undefined for anything else (a client may send any string). */
export function entryOf<T extends CommandType>(type: T): CommandEntry<CommandOfType<T>>;
export function entryOf(type: string): CommandEntry<Command> | undefined;
export function entryOf(type: string): CommandEntry<Command> | undefined {
  return Object.prototype.hasOwnProperty.call(table, type)
    ? (table[type as CommandType] as unknown as CommandEntry<Command>)
    : undefined;
}

/** Realtime message code -> command type, from the table. */
export const WIRE_COMMANDS: Readonly<Record<string, CommandType>> = Object.fromEntries(
  (Object.entries(table) as Array<[CommandType, CommandEntry<Command>]>).flatMap(
    ([type, e]): [string, CommandType][] => (e.wire ? [[e.wire, type]] : []),
  ),
);

export function isWireCommand(code: string): boolean {
  return Object.prototype.hasOwnProperty.call(WIRE_COMMANDS, code);
}

/** What only the edge may say about a command (its verdict on a secret); a client cannot send these. */
export interface EdgeVerdict {
  /** gj: whether the password matched the team's hash (the write side checks it). */
  passwordOk?: boolean;
  /** gi: the invite the token belongs to, null when unknown. */
  inviteId?: string | null;
  /** PATCH /api/users/:id with a new password: whether the current password matched the user's hash. */
  currentPasswordOk?: boolean;
  /** POST /api/password-reset/confirm: whether the link's token was valid, unexpired, and is now used. */
  resetLinkOk?: boolean;
}

/**
 * A realtime message as command input, or null for a code that is no command. The edge's verdicts
 * replace whatever a client put under their names.
 */
export function inputFromWire(
  code: string,
  content: Readonly<Record<string, unknown>> | undefined,
  verdict: EdgeVerdict = {},
): CommandInput | null {
  const type = isWireCommand(code) ? WIRE_COMMANDS[code] : undefined;
  if (type === undefined) return null;
  return { ...content, passwordOk: false, inviteId: null, currentPasswordOk: false, ...verdict, type };
}

export type { Command };
