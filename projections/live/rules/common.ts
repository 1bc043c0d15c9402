/** Game rules that both the deciders and the views need. Each is named after the rule it is. */
import type { Question } from '../../../events';
import { FIELD_MAXIMA } from './field-limits';

export const FUSION_TEAM_PREFIX = 'Fusionsteam';
export const FUSION_TEAM_PASSWORD = '(none)';
export const NO_PROPOSALS_MESSAGE = 'Es wurden keine Vorschläge eingegeben.';
/** The spec's name shown for a team that is not there (deleted since, or none). */
export const MISSING_TEAM_NAME = '(kein Team)';
export const MAX_NAME_LENGTH = FIELD_MAXIMA.name;
export const MIN_DISPLAY_NAME_LENGTH = 3;
export const GREETING_MESSAGE_MAX_LENGTH = FIELD_MAXIMA.greeting;
/**
 * Proposals and chat entries (team and lobby) are at most this long: an answer is a few words, a chat
 * entry a sentence or two; 300 such entries keep a team's view well below a megabyte (docs/protocol.md, Limits).
 */
export const MESSAGE_MAX_LENGTH = FIELD_MAXIMA.message;
/**
 * Proposals and chat entries a team may add in one play (one question, with the chat until the next
 * starts); deleted ones count. Eight members typing one every three seconds for a minute make 160.
 */
export const MAX_TEAM_ENTRIES_PER_QUESTION = 300;
export const ABCD_DEFAULT_OPTIONS = 4;
/**
 * Lobby chat slow mode: one message per user every 3 seconds (PROTOCOL.md, wave 3). Typing a sentence
 * takes longer; a troll pasting into a full lobby is held to 20 a minute.
 */
export const LOBBY_CHAT_INTERVAL_MS = 3_000;
/** amu: the longest mute, a day (a show night is a few hours; 0 lifts a mute). */
export const MAX_MUTE_MINUTES = 24 * 60;
/** msl: the longest slow mode for everyone, an hour (beyond it, close the lobby chat: mlc). */
export const MAX_LOBBY_SLOW_SECONDS = 3600;

/** Whether a muted user is still muted at `now` (epoch ms). */
export function mutedAt(user: { readonly mutedUntil: number | null }, now: number): boolean {
  return user.mutedUntil !== null && user.mutedUntil > now;
}
export const ABCD_MAX_OPTIONS = 26;
export const HEAL_DEAL_ROUNDS = [1, 2, 3] as const;
export const DEFAULT_TIE_BREAK_TITLE = 'Seitenstechen';
export const UPLOAD_MAX_BYTES = 10_000_000;
export const UNSET_QUESTION_POINTS = -1;
/**
 * Questions are numbered round 1 to 99, question 1 to 999: the points table has a column for every
 * round up to the last, so a typo like round 169220804 would build an array the process cannot hold.
 */
export const MAX_ROUND = 99;
export const MAX_QUESTION_NUMBER = 999;

/** Whether a round and question number can name a question (see MAX_ROUND). */
export function isQuestionPosition(round: number, number: number): boolean {
  return round >= 1 && round <= MAX_ROUND && number >= 1 && number <= MAX_QUESTION_NUMBER;
}

export function isFusionTeam(name: string): boolean {
  return name.startsWith(FUSION_TEAM_PREFIX);
}

/** Logins and team names are unique regardless of case. */
export function uniqueNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** "(3) Geschichte" is worth 3 points; a category without a leading bracketed number is worth 1. */
export function categoryPoints(category: string): number {
  const match = /^\s*\((\d+)\)/.exec(category);
  return match ? Number(match[1]) : 1;
}

/** Image place on the points table: ranks 1 to 3 keep their place, anything else is place 4. */
export function placeForRank(rank: number): number {
  return rank >= 1 && rank <= 3 ? rank : 4;
}

/** The parts of a question (stored, or as the global view shows it) that say how many ABCD letters it has. */
export type AbcdQuestionParts = Pick<Question, 'options' | 'extraInfo'>;

/** The number of ABCD letters of a question: extraInfo.optionNum, else its options, else 4; at most 26. */
export function abcdLetterCount(question: AbcdQuestionParts): number {
  const fromInfo = Number(question.extraInfo.optionNum);
  const count = Number.isInteger(fromInfo) && fromInfo > 0
    ? fromInfo
    : question.options.length > 0 ? question.options.length : ABCD_DEFAULT_OPTIONS;
  return Math.min(count, ABCD_MAX_OPTIONS);
}

export function abcdLetters(question: AbcdQuestionParts): string[] {
  return Array.from({ length: abcdLetterCount(question) }, (_, i) => String.fromCharCode(65 + i));
}

/** A team is a zombie once its total (current + healings - damages) is 0 or below. */
export function isZombie(total: number): boolean {
  return total <= 0;
}

export function clampHealDealRound(round: number | null): number {
  if (round === null || !Number.isFinite(round)) return 1;
  return Math.min(3, Math.max(1, Math.trunc(round)));
}

/** Uber modes starting with "quiz" are quiz modes. */
export function isQuizMode(modus: string): boolean {
  return modus.startsWith('quiz');
}

/** What a question is worth: its own points, or when unset (-1) its category's bracketed number. */
export function questionValue(question: Question): number {
  return question.points >= 0 ? question.points : categoryPoints(question.category);
}
