/**
 * The shape of a command table entry and the pieces entries share: what a parser reads, who may send
 * (access), what a rule reads (boundary parts), and the common wire parsers. Area files build their
 * entries from these; table.ts merges the areas. Nothing here names a command type: commands.ts
 * joins the areas' types, so an area importing this file makes no cycle.
 */
import { EVENT_TYPES, streams, type EventType, type Role } from '../../events';
import type { LiveState } from '../../projections/live';
import type { Boundary, BoundaryPart, DecisionContext, Rejection, Verdict } from './decision';
import { quizIdOf, textOf, wholeNumberOf } from './fields';

/** Who may send a command: anyone (visitors, the scheduler), any logged-in user, or users with one of these roles. */
export type Access = 'anyone' | 'user' | { readonly anyOf: readonly Role[] };

/** A content field's JSON type(s) as clients send it (documentation: the parser is what decides). */
export type WireField =
  'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'string|number' | 'string|number|boolean';

/**
 * Wire content as it arrived (a realtime message's content or an HTTP body) with the name of its
 * command type: what a parser reads.
 */
export type ParserInput<Type extends string = string> = { readonly type: Type } & Readonly<Record<string, unknown>>;

/**
 * A secret a wire command carries, resolved by the edge before the rule, which gets only the verdict
 * (ARCHITECTURE.md rule 16): a team's password (gj), an invite's token (gi). The socket's handling of
 * each is in src/realtime/secured-parts.ts.
 */
export type EdgeSecret = 'teamPassword' | 'inviteToken' | 'teamPasswordChange';

/** A command as its rule receives it; each area file declares its commands' types. */
export interface TypedCommand {
  readonly type: string;
}

/** The table entry of one command type: its wire side, who may send it, its parser, boundary and rule. */
export interface CommandEntry<C extends TypedCommand> {
  readonly wire?: string;
  /** The content fields of the realtime message (with `wire`), for docs/asyncapi.yaml. */
  readonly content?: Readonly<Record<string, WireField>>;
  /** The secret the realtime message carries (with `wire`): the router hands it to that secret's handling. */
  readonly secured?: EdgeSecret;
  /**
   * Who may still send it during maintenance (every other command is refused then). The web app reads
   * the codes from wire/command-contents.ts, generated from this table.
   */
  readonly duringMaintenance?: Access;
  readonly access: Access;
  readonly parse: (input: ParserInput<C['type']>) => C | Rejection;
  readonly boundary: (command: C, state: LiveState, actorId: string | null) => Boundary;
  readonly rule: (state: LiveState, command: C, ctx: DecisionContext) => Verdict;
}

/**
 * An area's entries for its commands `C` (the union of its command types): `{...} satisfies Entries<C>`
 * types each entry by its key, wants one for each of C, and lets no other key in.
 */
export type Entries<C extends TypedCommand> = { readonly [T in C['type']]: CommandEntry<Extract<C, { type: T }>> };

export const ADMIN: Access = { anyOf: ['admin'] };
export const MODERATOR: Access = { anyOf: ['moderator'] };
export const CHECKER: Access = { anyOf: ['moderator', 'tester'] };
export const OPERATOR: Access = { anyOf: ['admin', 'moderator'] };

// Stream categories. Team membership is written to the team joined, so the actor's own team is a
// fact of every team stream; which night is current is a fact of every night stream.
export const NIGHTS = 'night-*';
export const TEAMS = 'team-*';
export const USERS = 'user-*';
/** The show stream whole (every rule reads its maintenance events; most read more of it). */
export const SHOW = streams.show;
export const QUIZZES = 'quiz-*';
export const own = (actorId: string | null) => (actorId === null ? [] : [streams.user(actorId)]);
/** One team's answers in a night: these events carry their team (data.teamId) and change only its play. */
const TEAM_PLAY: readonly EventType[] = ['ProposalAdded', 'ProposalDeleted', 'FavoriteChosen', 'StarToggled'];
/** Who is in which team, from every team stream (a join is written to the team joined). */
const MEMBERSHIP: BoundaryPart = {
  streams: [TEAMS],
  types: ['TeamCreated', 'TeamJoined', 'TeamDeleted', 'TeamLeft', 'TeamMemberRemoved'] satisfies EventType[],
};
/** What every team reads of the night: its phase, question, mode, quizzle; all of it but the teams' answers. */
const NIGHT_WIDE: BoundaryPart = { streams: [NIGHTS], types: EVENT_TYPES.filter((type) => !TEAM_PLAY.includes(type)) };
/** The show's events that change the night a team plays in: a reset ends it; the mode; heal and deal settings. */
const SHOW_FOR_NIGHT: BoundaryPart = {
  streams: [streams.show],
  types: ['LiveStateReset', 'UberModeChanged', 'InstructionsShown', 'HealDealSettingChanged'] satisfies EventType[],
};
/**
 * A rule about the actor's team during the night: the actor, who is in which team, the night's phase
 * and, of the team's own, its stream and its answers. Another team's proposals are not in it: two
 * teams proposing at once through two instances do not conflict.
 */
export const memberInNight = (_cmd: unknown, state: LiveState, actorId: string | null): Boundary => {
  const teamId = actorId === null ? null : (state.users.get(actorId)?.teamId ?? null);
  const ownTeam: Boundary =
    teamId === null ? [] : [streams.team(teamId), { streams: [NIGHTS], types: TEAM_PLAY, team: teamId }];
  return [...own(actorId), MEMBERSHIP, NIGHT_WIDE, SHOW_FOR_NIGHT, ...ownTeam];
};
export const member = (_cmd: unknown, _state: LiveState, actorId: string | null): Boundary => [
  SHOW,
  ...own(actorId),
  TEAMS,
];
export const showOnly = (): Boundary => [SHOW];

export const trimmed = (value: unknown) => textOf(value).trim();
/** A proposal's number in its team (gd, gf, gs, go). */
export const keyOf = (input: ParserInput) => wholeNumberOf(input.number);

/** A question of a quiz as a moderator or admin names it (round and number null: not a number); the commands that name one extend it. */
export interface QuestionRef {
  quizId: string;
  round: number | null;
  number: number | null;
}
/** The question a moderator or admin names: `quiz`, `round`, `question` (ma, mhr, aas, trx, asv). */
export const questionRefOf = (input: ParserInput): QuestionRef => ({
  quizId: quizIdOf(input.quiz),
  round: wholeNumberOf(input.round),
  number: wholeNumberOf(input.question),
});
