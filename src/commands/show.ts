/** Show-wide settings (admin) and what the moderator puts on every screen. */
import { UBER_MODES, streams, type HealDealSetting, type PointsRow, type UberMode } from '../../events';
import { HEAL_DEAL_ROUNDS, isQuestionOpen, placeForRank, uberModeLocked, type LiveState } from '../../projections/live';
import type {
  ChangeUberMode, ClearPainting, DrawStroke, PublishPoints, ResetLiveState, SetFeatureFlags, SetOverviewMessage,
  SetReconnectAt, SetUberMessage, UpdateStateSetting,
} from './commands';
import { accept, draft, reject, type DecisionContext, type Verdict } from './decision';
import { numberOf, requireRole, textOf, wholeNumberOf } from './guards';
import { isAtStartOfQuiz } from './night';
import { texts } from './texts';

export function setOverviewMessage(_state: LiveState, cmd: SetOverviewMessage, ctx: DecisionContext): Verdict {
  return requireRole(ctx, 'admin') ?? accept(streams.show, draft('OverviewMessageSet', { message: textOf(cmd.message) }));
}

export function setFeatureFlags(_state: LiveState, cmd: SetFeatureFlags, ctx: DecisionContext): Verdict {
  return requireRole(ctx, 'admin') ?? accept(streams.show, draft('FeatureFlagsSet', { flags: textOf(cmd.flags) }));
}

/** ara: a recheck time above 0 turns maintenance on, 0 turns it off. The only command maintenance lets through. */
export function setReconnectAt(state: LiveState, cmd: SetReconnectAt, ctx: DecisionContext): Verdict {
  const denied = requireRole(ctx, 'admin');
  if (denied) return denied;
  const recheckAt = numberOf(cmd.recheckAt);
  if (recheckAt === null) return reject(texts.notANumber);
  if (recheckAt > 0) return accept(streams.show, draft('MaintenanceStarted', { recheckAt }));
  return state.show.recheckAt > 0 ? accept(streams.show, draft('MaintenanceEnded', {})) : accept(streams.show);
}

/** arr: the live game goes back to its initial values; users, teams, quizzes and answers stay. */
export function resetLiveState(state: LiveState, _cmd: ResetLiveState, ctx: DecisionContext): Verdict {
  return requireRole(ctx, 'admin') ?? accept(streams.show, draft('LiveStateReset', { endedNightId: state.night?.id ?? null }));
}

const HEAL_DEAL_PATH = /^moderator\.heal_deal\.(startHp|healingPerRound|damagePerRound|damagePerRoundZombie)(?:\.(\d+))?$/;

function booleanOf(value: unknown): boolean | null {
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  return null;
}

/** asu: only the paths of the spec; per-round values are whole numbers for rounds 1 to 3. */
export function updateStateSetting(_state: LiveState, cmd: UpdateStateSetting, ctx: DecisionContext): Verdict {
  const denied = requireRole(ctx, 'admin');
  if (denied) return denied;
  const path = textOf(cmd.path);
  if (path === 'global.allowNewRegistrations') {
    const allow = booleanOf(cmd.value);
    if (allow === null) return reject(texts.unknownSetting);
    return accept(streams.show, allow ? draft('RegistrationsOpened', {}) : draft('RegistrationsClosed', {}));
  }
  const match = HEAL_DEAL_PATH.exec(path);
  if (!match) return reject(texts.unknownSetting);
  const setting = match[1] as HealDealSetting;
  const round = match[2] === undefined ? null : Number(match[2]);
  const roundNeeded = setting !== 'startHp';
  if (roundNeeded !== (round !== null) || (round !== null && !(HEAL_DEAL_ROUNDS as readonly number[]).includes(round))) {
    return reject(texts.unknownSetting);
  }
  const value = wholeNumberOf(cmd.value);
  if (value === null) return reject(texts.notANumber);
  return accept(streams.show, draft('HealDealSettingChanged', { setting, round, value }));
}

function isUberMode(value: string): value is UberMode {
  return (UBER_MODES as readonly string[]).includes(value);
}

/**
 * mum: a quiz mode can only be left while no question is open; the instruction mode only at the
 * start of the quiz.
 */
export function changeUberMode(state: LiveState, cmd: ChangeUberMode, ctx: DecisionContext): Verdict {
  const denied = requireRole(ctx, 'moderator');
  if (denied) return denied;
  const modus = textOf(cmd.modus);
  if (!isUberMode(modus)) return reject(texts.unknownUberMode);
  const current = state.show.uberModus;
  if (modus === current) return accept(streams.show);
  if (uberModeLocked(current, isQuestionOpen(state))) return reject(texts.uberModeOnlyWithoutQuestion, 'precondition');
  if (modus === 'instruction' && !isAtStartOfQuiz(state)) return reject(texts.instructionsOnlyAtStart, 'precondition');
  return accept(streams.show, draft('UberModeChanged', { modus }));
}

export function setUberMessage(_state: LiveState, cmd: SetUberMessage, ctx: DecisionContext): Verdict {
  return requireRole(ctx, 'moderator') ?? accept(streams.show, draft('UberMessageSet', { message: textOf(cmd.message) }));
}

export function drawStroke(_state: LiveState, cmd: DrawStroke, ctx: DecisionContext): Verdict {
  const denied = requireRole(ctx, 'moderator');
  if (denied) return denied;
  const coords = [cmd.startX, cmd.startY, cmd.endX, cmd.endY].map(numberOf);
  if (coords.some((c) => c === null)) return reject(texts.notANumber);
  const [startX, startY, endX, endY] = coords as number[];
  return accept(streams.show, draft('PaintingStrokeDrawn', { url: textOf(cmd.url), color: textOf(cmd.color), startX, startY, endX, endY }));
}

export function clearPainting(_state: LiveState, _cmd: ClearPainting, ctx: DecisionContext): Verdict {
  return requireRole(ctx, 'moderator') ?? accept(streams.show, draft('PaintingCleared', {}));
}

function pointsRowsOf(value: unknown): PointsRow[] | null {
  if (!Array.isArray(value)) return null;
  const rows: PointsRow[] = [];
  for (const [i, raw] of value.entries()) {
    if (typeof raw !== 'object' || raw === null) return null;
    const r = raw as Record<string, unknown>;
    const rounds = Array.isArray(r.rounds) ? r.rounds.map((p) => numberOf(p) ?? 0) : [];
    const total = numberOf(r.total) ?? rounds.reduce((s, p) => s + p, 0);
    const rank = wholeNumberOf(r.rank) ?? i + 1;
    rows.push({ teamId: r.teamId === undefined || r.teamId === null ? null : textOf(r.teamId), name: textOf(r.name), rounds, total, rank, place: placeForRank(rank) });
  }
  return rows;
}

/** mp: publish the ranking; an empty object unpublishes it. */
export function publishPoints(state: LiveState, cmd: PublishPoints, ctx: DecisionContext): Verdict {
  const denied = requireRole(ctx, 'moderator');
  if (denied) return denied;
  const content = (typeof cmd.content === 'object' && cmd.content !== null ? cmd.content : {}) as Record<string, unknown>;
  if (content.sortedTeams === undefined && content.rounds === undefined) return accept(streams.show, draft('PointsUnpublished', {}));
  const sortedTeams = pointsRowsOf(content.sortedTeams ?? []);
  const rounds = Array.isArray(content.rounds) ? content.rounds.map((r) => wholeNumberOf(r)) : null;
  if (!sortedTeams || !rounds || rounds.some((r) => r === null)) return reject(texts.notANumber);
  return accept(streams.show, draft('PointsPublished', {
    quizId: state.night?.quizId ?? null, points: { rounds: rounds as number[], sortedTeams },
  }));
}
