/**
 * The views the server pushes (PROTOCOL.md, "Views"). Their shapes are the engine's: the server sends
 * exactly what the pure view functions in projections/live/views/views.ts compute, so the app reads those
 * types. What is the app's own lives here too: the scopes, the store's container of the views,
 * feature-flag reading.
 */
import type { ViewOfScope, ViewScope } from '@wire/replies';
import type { GlobalView } from '@live/views/views';

export type {
  GlobalView,
  HealDealStatus,
  ModeratorView,
  OperatorTeamEntry,
  OperatorUserEntry,
  OperatorView,
  ProposalView,
  QuestionView,
  TeamView,
  TesterAnswerView,
  TesterView,
  UserView,
} from '@live';
export type { Stroke, UberMode } from '../../../events';

export { VIEW_SCOPES } from '@wire/replies';
export type { ViewScope };

/** One entry of the lobby chat (global view). */
export type LobbyChatEntry = GlobalView['lobbyChat'][number];

/** The views the app holds (the live slice): one per scope, null until the server sent it (or the viewer may not see it). */
export type Views = { [S in ViewScope]: ViewOfScope[S] | null };

export const EMPTY_VIEWS: Views = {
  global: null,
  team: null,
  user: null,
  moderator: null,
  tester: null,
  operator: null,
  overlay: null,
};

/** Reads a feature flag from the global view's `featureFlags` (JSON text of an object). */
export function featureFlag(flags: string | null, name: string): boolean {
  let value: unknown;
  try {
    value = flags === null ? null : JSON.parse(flags);
  } catch {
    return false;
  }
  if (typeof value !== 'object' || value === null) return false;
  return Boolean((value as Record<string, unknown>)[name]);
}
