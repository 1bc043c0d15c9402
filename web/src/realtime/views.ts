/** The views the server pushes (PROTOCOL.md, "Views"), as the app reads them. */

export type Scope = 'global' | 'team' | 'user' | 'moderator' | 'tester';
export const SCOPES: readonly Scope[] = ['global', 'team', 'user', 'moderator', 'tester'];

export type GlobalState = 'qn' | 'qa' | 'qc' | 'ma';
export type UberModus = 'quiz' | 'quiz-single' | 'instruction' | 'pause' | 'post' | 'pre' | 'painting';

export interface Question {
  type: string;
  category?: string;
  question?: string;
  options?: string[];
  answer?: string;
  points?: number;
  round?: number;
  number?: number;
  extraInfo?: unknown;
}

export interface LobbyChatEntry {
  user: string | number;
  message: string;
  highlight?: boolean;
}

export interface HealDealTeam {
  name: string;
  current: number;
  healings: number;
  damages: number;
  total?: number;
  zombie?: boolean;
}

export interface PointsRowView {
  id?: string | number;
  name: string;
  url?: string;
  /** Keyed by round, or a list in the order of `points.rounds` (the server's shape). */
  rounds: Record<string, number> | number[];
  total?: number;
}

export interface GlobalView {
  state: GlobalState;
  countdownEndsAt: number | null;
  timeLeft?: number | null;
  uberModus: UberModus;
  uberMessage?: string | null;
  overviewMessage?: string | null;
  question?: Question | null;
  lagQType?: string | null;
  quizzle?: string;
  lobbyChat?: LobbyChatEntry[];
  allowNewRegistrations?: boolean;
  featureFlags?: Record<string, unknown> | string | null;
  recheckAt?: number | null;
  /** Published ranking; `{}` when unpublished. */
  points?: { rounds?: Array<string | number>; sortedTeams?: PointsRowView[] } | null;
  heal_deals?: Record<string, HealDealTeam>;
  imgPrefix?: string;
  /** team or single play of the current question. */
  mode?: 'team' | 'single';
  /** The moderator's painting strokes. */
  painting?: PaintingStroke[];
}

export interface PaintingStroke {
  url: string;
  color: string;
  startX: number;
  startY: number;
  endX: number;
  endY: number;
}

export interface Proposal {
  user: string | number;
  message: string;
  chat?: boolean;
  stars?: number;
}

export interface Member {
  name: string;
  online: boolean;
  star?: string | number | null;
}

export interface TeamView {
  id: string | number;
  name: string;
  beschreibung?: string;
  stadt?: string;
  url?: string;
  favorite?: string | number | null;
  quizzled?: string | number | null;
  proposals?: Record<string, Proposal>;
  members?: Record<string, Member>;
  takenAnswer?: { message: string; user: string | number } | null;
}

export interface UserView {
  id: string | number;
  name: string;
  currentAnswer?: unknown;
  points?: number;
}

/** Heal-and-deal settings per round (keys 1 to 3). */
export interface HealDealSettingsView {
  startHp: number;
  healingPerRound: Record<string, number>;
  damagePerRound: Record<string, number>;
  damagePerRoundZombie: Record<string, number>;
}

/** Moderators only: the live game's position, favourites, single answers, quizzle offer. */
export interface ModeratorView {
  currentQuiz: string | number | null;
  currentRound: number | null;
  currentQuestion: number | null;
  timeLastChange?: number | null;
  quizzleAnswer?: { team: string | number; teamName?: string; answer: string } | null;
  /** [teamId, favourite] pairs. */
  teamFavorites?: Array<[string | number, string]>;
  /** [userId, answer] pairs. */
  userAnswers?: Array<[string | number, string]>;
  heal_deal?: HealDealSettingsView;
  nightId?: string | null;
  /** The answer of the open (or last) question. */
  answer?: string | null;
}

/** Testers and moderators: the answers of the quiz being checked (raw; read by the checker). */
export interface TesterView {
  quiz?: string | number;
  round?: number | null;
  question?: number | null;
  state?: GlobalState;
  countdownEndsAt?: number | null;
  answers?: unknown[];
}

export interface Views {
  global: GlobalView | null;
  team: TeamView | null;
  user: UserView | null;
  moderator: ModeratorView | null;
  tester: TesterView | null;
}

export const EMPTY_VIEWS: Views = { global: null, team: null, user: null, moderator: null, tester: null };

/** Reads a feature flag; flags may arrive as an object or as JSON text. */
export function featureFlag(flags: GlobalView['featureFlags'], name: string): boolean {
  let value: unknown = flags;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return false;
    }
  }
  if (typeof value !== 'object' || value === null) return false;
  return Boolean((value as Record<string, unknown>)[name]);
}
