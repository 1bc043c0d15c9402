/** Rules of play that the deciders enforce and the web app shows before anyone sends a command. */
import type { HealDealKind, QuestionType } from '../../../events';

/** mc without a usable time runs this long; the control page offers it as its custom value. */
export const DEFAULT_COUNTDOWN_SECONDS = 60;

/** The instruction slide and heal and deal take no proposals or answers. */
const WITHOUT_PROPOSALS: ReadonlySet<QuestionType> = new Set<QuestionType>(['instruction', 'heal_deal']);
/** quiz-single does not implement these types. */
const NOT_IN_SINGLE_MODE: ReadonlySet<QuestionType> = new Set<QuestionType>(['quizzle', 'schiffe', 'zeichnen']);

export function takesProposals(type: QuestionType): boolean {
  return !WITHOUT_PROPOSALS.has(type);
}

export function playableInSingleMode(type: QuestionType): boolean {
  return !NOT_IN_SINGLE_MODE.has(type);
}

/** The spec's text for an empty answer or chat message (verbatim). */
export const ANSWER_EMPTY_TEXT = 'Es muss etwas eingegeben werden.';

/** What a player without points reads in the finale (spec, verbatim). */
export const FINALE_OUT_OF_POINTS_TEXT =
  'Du hast leider nicht mehr genügend Punkte und kannst daher nicht mehr mitspielen.';

/** In the finale only players with points above 0 take part. */
export function takesPartInFinale(points: number): boolean {
  return points > 0;
}

/** A quiz mode can be left only while no question is open. */
export function uberModeLocked(currentMode: string, questionOpen: boolean): boolean {
  return questionOpen && isQuizMode(currentMode);
}

/** Heal and deal: a team may heal any team, itself included, but deals damage only to another team. */
export function healDealTargetAllowed(kind: HealDealKind, ownTeamId: string, targetTeamId: string): boolean {
  return kind === 'heal' || targetTeamId !== ownTeamId;
}

/** Uber modes starting with "quiz" are quiz modes. */
export function isQuizMode(modus: string): boolean {
  return modus.startsWith('quiz');
}
