/**
 * The global view: what everyone sees, one instance for all (the state of the night, the open
 * question without its answer, the lobby chat, the published points, every team's heal-and-deal status).
 */
import { inLowerCaseNameOrder } from './name-order';
import type { PlayMode, PointsTable, Question, Stroke, UberMode } from '../../../events';
import { globalStateCode, isQuestionOpen } from '../state/queries';
import { healDealRound, healDealStatus, type HealDealStatus } from '../rules/heal-deal';
import { questionValue } from '../rules/question-values';
import { lobbySlowUntil } from '../rules/lobby-chat';
import type { GlobalStateCode, HealDealLive, LiveState, QuizzleStatus } from '../state/state';
import { whole } from './reads';
import type { ScopeDefinition, ScopeKeyOf } from './scope-definition';
import { teamChanges } from './team-changes';

export interface QuestionView {
  type: Question['type'];
  category: string;
  question: string;
  options: string[];
  points: number;
  round: number;
  number: number;
  extraInfo: Record<string, unknown>;
  /** Only once the question has ended. */
  answer?: string;
}

export interface GlobalView {
  state: GlobalStateCode;
  countdownEndsAt: number | null;
  /** Seconds of the running countdown as started; clients count down to countdownEndsAt. */
  timeLeft: number | null;
  uberModus: UberMode;
  uberMessage: string;
  overviewMessage: string;
  question: QuestionView | null;
  lagQType: Question['type'] | null;
  quizzle: QuizzleStatus;
  /** `id`: what mlh names to hide the entry. */
  lobbyChat: { id: string; user: string; message: string; highlight: boolean }[];
  /** mlc: players may post in the lobby chat. */
  lobbyChatOpen: boolean;
  /** msl: players together post at most one lobby message every this many seconds (0: off). */
  lobbyChatSlowSeconds: number;
  /** Slow mode: when players may post the next message (epoch ms, server time); null without slow mode (lobbySlowUntil). */
  lobbyChatSlowUntil: number | null;
  allowNewRegistrations: boolean;
  featureFlags: string;
  recheckAt: number;
  points: PointsTable;
  heal_deals: Record<string, HealDealStatus>;
  imgPrefix: string;
  mode: PlayMode;
  painting: Stroke[];
}

const NO_POINTS: PointsTable = { rounds: [], sortedTeams: [] };

function questionView(q: Question, withAnswer: boolean): QuestionView {
  const view: QuestionView = {
    type: q.type,
    category: q.category,
    question: q.question,
    options: [...q.options],
    points: questionValue(q),
    round: q.round,
    number: q.number,
    extraInfo: { ...q.extraInfo },
  };
  if (withAnswer) view.answer = q.answer;
  return view;
}

/**
 * Every team's heal-and-deal status (the part of the global view that grows with the teams), keyed in
 * the overview's order (total descending, then the lower-cased name): the screens' German sort then
 * finds it nearly sorted, as the operator view's names (operator-view.ts). A help, never relied on.
 */
export function healDealsView(state: LiveState): GlobalView['heal_deals'] {
  const rows: Array<{ id: string; status: HealDealStatus }> = [];
  state.teams.forEach((team) => {
    rows.push({ id: team.id, status: healDealStatus(state, team) });
  });
  // Stable: equal totals stay in name order.
  const ordered = inLowerCaseNameOrder(rows, (row) => row.status.name).sort((a, b) => b.status.total - a.status.total);
  const heal_deals: Record<string, HealDealStatus> = {};
  for (const { id, status } of ordered) heal_deals[id] = status;
  return heal_deals;
}

/** The global view's `heal_deals` with what it was computed from (see keptHealDeals). */
export interface KeptHealDeals {
  readonly teams: LiveState['teams'];
  readonly healDeal: HealDealLive;
  readonly round: number;
  readonly value: GlobalView['heal_deals'];
}

/**
 * `heal_deals` kept while the teams, the heal-and-deal state and its round stay the same (all that
 * healDealsView reads), so a question start does not rebuild it and the patch skips it at once.
 */
export function keptHealDeals(state: LiveState, previous: KeptHealDeals | undefined): KeptHealDeals {
  const round = healDealRound(state);
  if (previous && previous.healDeal === state.healDeal && previous.round === round) {
    if (previous.teams === state.teams) return previous;
    // A join or an edit leaves every entry as it was (an entry shows the team's name only); a rename
    // replaces that entry. Teams that came or went rebuild the whole (in the overview's order).
    const changes = teamChanges(previous.teams, state.teams);
    if (!changes.came && !changes.went) {
      if (changes.renamed.length === 0) return { ...previous, teams: state.teams };
      const value = { ...previous.value };
      for (const team of changes.renamed) value[team.id] = healDealStatus(state, team, round);
      return { ...previous, teams: state.teams, value };
    }
  }
  return { teams: state.teams, healDeal: state.healDeal, round, value: healDealsView(state) };
}

export function globalView(state: LiveState, heal_deals = healDealsView(state)): GlobalView {
  const night = state.night;
  return {
    state: globalStateCode(state),
    countdownEndsAt: night?.countdown?.endsAt ?? null,
    timeLeft: night?.countdown?.seconds ?? null,
    uberModus: state.show.uberModus,
    uberMessage: state.show.uberMessage,
    overviewMessage: state.show.overviewMessage,
    question: night?.question ? questionView(night.question, !isQuestionOpen(state)) : null,
    lagQType: night?.lastEndedType ?? null,
    quizzle: night?.quizzle ?? 'init',
    lobbyChat: state.show.lobbyChat.map(({ id, user, message, highlight }) => ({ id, user, message, highlight })),
    lobbyChatOpen: state.show.lobbyOpen,
    lobbyChatSlowSeconds: state.show.lobbySlowSeconds,
    lobbyChatSlowUntil: lobbySlowUntil(state.show),
    allowNewRegistrations: state.show.allowNewRegistrations,
    featureFlags: state.show.featureFlags,
    recheckAt: state.show.recheckAt,
    points: state.show.points ?? NO_POINTS,
    heal_deals,
    imgPrefix: state.show.imgPrefix,
    mode: night?.mode ?? 'team',
    painting: [...state.show.painting],
  };
}

export const globalScope: ScopeDefinition<ScopeKeyOf<'global'>, GlobalView, KeptHealDeals> = {
  reads: [whole((s) => s.night), whole((s) => s.show), whole((s) => s.teams), whole((s) => s.healDeal)],
  keep: keptHealDeals,
  view: (state, _key, _isOnline, kept) => globalView(state, kept?.value),
};
