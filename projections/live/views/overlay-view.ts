/**
 * The stream overlay's view (PROTOCOL.md wave 4, "Stream overlay"): what the audience of the stream may
 * see, one instance for every overlay page, computed once per change whatever their number. It holds
 * the open question without its answer, the countdown, the published ranking (never points before the
 * moderator published them), the uber message, and the show's look and the overlay's layout; never a
 * team's proposals, chat or members, never an answer, not even after the question ended.
 */
import type { OverlayLayout, Question, ShowSettings } from '../../../events';
import { questionValue } from '../rules/question-values';
import { shownLogo } from '../rules/moderated';
import type { LiveState, QuestionPhase } from '../state/state';
import { whole } from './reads';
import type { ScopeDefinition, ScopeKeyOf } from './scope-definition';
import type { QuestionView } from './global-view';

/** The ranking shows this many rows of the published points. */
export const OVERLAY_RANKING_ROWS = 10;

/** The open question as the stream shows it: never its answer, nor the moderator's extra information. */
export type OverlayQuestionView = Omit<QuestionView, 'extraInfo' | 'answer'>;

export interface OverlayRankingRow {
  /** Stable across publications (the team's id, else its name): what a transition follows. */
  key: string;
  rank: number;
  name: string;
  total: number;
}

export interface OverlayView {
  /** qn: between questions; qa: a question open; qc: its countdown running. Maintenance is not the audience's. */
  phase: QuestionPhase;
  /** The open question (qa, qc); null between questions. */
  question: OverlayQuestionView | null;
  countdownEndsAt: number | null;
  /** Seconds of the running countdown as started; pages count down to countdownEndsAt. */
  timeLeft: number | null;
  /** Between questions: the question whose answers were locked in last, until the next one starts. */
  lockedIn: { round: number; number: number } | null;
  /** The published ranking's first rows; null while nothing is published. */
  ranking: OverlayRankingRow[] | null;
  /** The operator's uber message while an uber mode (pre, pause, post, painting, instruction) shows it; else null. */
  uberMessage: string | null;
  look: Pick<ShowSettings, 'showName' | 'logo' | 'primaryColor'>;
  layout: OverlayLayout;
}

function questionOf(q: Question): OverlayQuestionView {
  return {
    type: q.type,
    category: q.category,
    question: q.question,
    options: [...q.options],
    points: questionValue(q),
    round: q.round,
    number: q.number,
  };
}

export function overlayView(state: LiveState): OverlayView {
  const night = state.night;
  const phase = night?.phase ?? 'qn';
  const open = phase !== 'qn' && night?.question ? night.question : null;
  const ended = phase === 'qn' && night?.question && night.lockedInSeq === state.questionSeq ? night.question : null;
  const points = state.show.points;
  const { uberModus, uberMessage } = state.show;
  const { showName, logo, primaryColor, overlay } = state.showSettings;
  return {
    phase,
    question: open && questionOf(open),
    countdownEndsAt: open ? (night?.countdown?.endsAt ?? null) : null,
    timeLeft: open ? (night?.countdown?.seconds ?? null) : null,
    lockedIn: ended && { round: ended.round, number: ended.number },
    ranking:
      points &&
      points.sortedTeams.slice(0, OVERLAY_RANKING_ROWS).map((row) => ({
        key: row.teamId ?? row.name,
        rank: row.rank,
        name: row.name,
        total: row.total,
      })),
    uberMessage: uberModus !== 'quiz' && uberModus !== 'quiz-single' && uberMessage !== '' ? uberMessage : null,
    look: { showName, logo: shownLogo(state, logo), primaryColor },
    layout: { parts: [...overlay.parts], corner: overlay.corner, scale: overlay.scale },
  };
}

export const overlayScope: ScopeDefinition<ScopeKeyOf<'overlay'>, OverlayView> = {
  reads: [
    whole((s) => s.night),
    whole((s) => s.questionSeq),
    whole((s) => s.show.points),
    whole((s) => s.show.uberModus),
    whole((s) => s.show.uberMessage),
    whole((s) => s.showSettings),
    // mph: the show's logo hidden by a moderator leaves the overlay too.
    whole((s) => s.hiddenPictures),
  ],
  view: (state) => overlayView(state),
};
