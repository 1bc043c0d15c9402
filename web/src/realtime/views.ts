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
}

export interface PointsRowView {
  id?: string | number;
  name: string;
  url?: string;
  rounds: Record<string, number>;
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

export interface Views {
  global: GlobalView | null;
  team: TeamView | null;
  user: UserView | null;
  moderator: Record<string, unknown> | null;
  tester: Record<string, unknown> | null;
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
