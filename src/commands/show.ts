/** Show-wide settings (admin) and what the moderator puts on every screen. */
import { UBER_MODES, streams, type HealDealSetting, type UberMode } from '../../events';
import {
  FIELD_LIMIT_TEXTS,
  FIELD_MAXIMA,
  HEAL_DEAL_ROUNDS,
  isQuestionOpen,
  pointsOverview,
  strokeProblem,
  uberModeLocked,
  type LiveState,
} from '../../projections/live';
import { accept, draft, isRejection, reject, type Rejection, type Verdict } from './decision';
import { ADMIN, MODERATOR, NIGHTS, QUIZZES, SHOW, TEAMS, showOnly, type Entries, type ParserInput } from './entry';
import { booleanOf, limitedTextOf, numberOf, quizIdOf, textOf, wholeNumberOf } from './fields';
import { requireQuiz } from './guards';
import { isAtStartOfQuiz } from './night';
import { texts } from './texts';
import { SHARED_TEXTS } from '../../wire/shared-texts';

export interface SetOverviewMessage {
  type: 'SetOverviewMessage';
  message: string;
}
export interface SetFeatureFlags {
  type: 'SetFeatureFlags';
  flags: string;
}
export interface SetReconnectAt {
  type: 'SetReconnectAt';
  recheckAt: number;
}
export interface ResetLiveState {
  type: 'ResetLiveState';
}
export type StateSetting =
  | { kind: 'registrations'; allow: boolean }
  | { kind: 'healDeal'; setting: HealDealSetting; round: number | null; value: number };
export interface UpdateStateSetting {
  type: 'UpdateStateSetting';
  setting: StateSetting;
}
export interface ChangeUberMode {
  type: 'ChangeUberMode';
  modus: UberMode;
}
export interface SetUberMessage {
  type: 'SetUberMessage';
  message: string;
}
export interface DrawStroke {
  type: 'DrawStroke';
  url: string;
  color: string;
  startX: number;
  startY: number;
  endX: number;
  endY: number;
}
export interface ClearPainting {
  type: 'ClearPainting';
}
/** mp: publish the server's ranking of `quizId` (null: the night's quiz), or unpublish. */
export interface PublishPoints {
  type: 'PublishPoints';
  publish: boolean;
  quizId: string | null;
}
/** The commands of this file, as their rules receive them: showEntries holds one entry for each. */
export type ShowCommand =
  | SetOverviewMessage
  | SetFeatureFlags
  | SetReconnectAt
  | ResetLiveState
  | UpdateStateSetting
  | ChangeUberMode
  | SetUberMessage
  | DrawStroke
  | ClearPainting
  | PublishPoints;

/** The refusals of these commands (verbatim where the spec has them, typos included). */
export const SHOW_COMMAND_TEXTS = {
  // from the spec, verbatim
  uberModeOnlyWithoutQuestion: SHARED_TEXTS.uberModeOnlyWithoutQuestion,
  // ENGINE: no text in the spec (docs/decisions/engine.md)
  unknownUberMode: 'Diese Quizart gibt es nicht.',
  publishNotABoolean: 'Bitte für „publish“ true oder false senden.',
  noQuizToPublish: 'Es ist kein Quiz geladen, dessen Punkte veröffentlicht werden könnten.',
} as const;

/** ao: the message every overview shows; the same message again appends nothing. */
export function setOverviewMessage(state: LiveState, { message }: SetOverviewMessage): Verdict {
  if (message === state.show.overviewMessage) return accept(streams.show);
  return accept(streams.show, draft('OverviewMessageSet', { message }));
}

export function setFeatureFlags(state: LiveState, { flags }: SetFeatureFlags): Verdict {
  if (flags === state.show.featureFlags) return accept(streams.show);
  return accept(streams.show, draft('FeatureFlagsSet', { flags }));
}

/** ara: a recheck time above 0 turns maintenance on, 0 turns it off. The only command maintenance lets through. */
export function setReconnectAt(state: LiveState, { recheckAt }: SetReconnectAt): Verdict {
  if (recheckAt > 0) return accept(streams.show, draft('MaintenanceStarted', { recheckAt }));
  return state.show.recheckAt > 0 ? accept(streams.show, draft('MaintenanceEnded', {})) : accept(streams.show);
}

/** arr: the live game goes back to its initial values; users, teams, quizzes and answers stay. */
export function resetLiveState(state: LiveState): Verdict {
  return accept(streams.show, draft('LiveStateReset', { endedNightId: state.night?.id ?? null }));
}

/** asu: only the paths of the spec (the table's parser reads them). */
export function updateStateSetting(state: LiveState, { setting }: UpdateStateSetting): Verdict {
  if (setting.kind === 'registrations') {
    if (setting.allow === state.show.allowNewRegistrations) return accept(streams.show);
    return accept(streams.show, setting.allow ? draft('RegistrationsOpened', {}) : draft('RegistrationsClosed', {}));
  }
  const { setting: name, round, value } = setting;
  if (healDealSettingOf(state, name, round) === value) return accept(streams.show);
  return accept(streams.show, draft('HealDealSettingChanged', { setting: name, round, value }));
}

/** The heal-and-deal setting's current value (startHp, or a per-round one), or null when it has none. */
function healDealSettingOf(state: LiveState, setting: HealDealSetting, round: number | null): number | null {
  const settings = state.healDeal.settings;
  if (setting === 'startHp') return settings.startHp;
  return round === null ? null : (settings[setting][round] ?? null);
}

/**
 * mum: a quiz mode can only be left while no question is open; the instruction mode only at the
 * start of the quiz.
 */
export function changeUberMode(state: LiveState, { modus }: ChangeUberMode): Verdict {
  const current = state.show.uberModus;
  if (modus === current) return accept(streams.show);
  if (uberModeLocked(current, isQuestionOpen(state)))
    return reject(SHOW_COMMAND_TEXTS.uberModeOnlyWithoutQuestion, 'precondition');
  if (modus === 'instruction' && !isAtStartOfQuiz(state)) return reject(texts.instructionsOnlyAtStart, 'precondition');
  return accept(streams.show, draft('UberModeChanged', { modus }));
}

/** mumm: the uber message; the same message again appends nothing. */
export function setUberMessage(state: LiveState, { message }: SetUberMessage): Verdict {
  if (message === state.show.uberMessage) return accept(streams.show);
  return accept(streams.show, draft('UberMessageSet', { message }));
}

/** mua: one stroke more, while the painting holds fewer than its maximum (muc clears it). */
export function drawStroke(state: LiveState, { url, color, startX, startY, endX, endY }: DrawStroke): Verdict {
  if (state.show.painting.length >= FIELD_MAXIMA.paintingStrokes)
    return reject(FIELD_LIMIT_TEXTS.paintingFull, 'precondition');
  return accept(streams.show, draft('PaintingStrokeDrawn', { url, color, startX, startY, endX, endY }));
}

/** muc: an empty painting stays empty without an event. */
export function clearPainting(state: LiveState): Verdict {
  if (state.show.painting.length === 0) return accept(streams.show);
  return accept(streams.show, draft('PaintingCleared', {}));
}

/**
 * mp: publish the ranking the server computes (pointsOverview, the one rule) of the named quiz or
 * else the night's quiz; or unpublish it.
 */
export function publishPoints(state: LiveState, { publish, quizId }: PublishPoints): Verdict {
  if (!publish)
    return state.show.points === null ? accept(streams.show) : accept(streams.show, draft('PointsUnpublished', {}));
  const id = quizId ?? state.night?.quizId ?? null;
  if (id === null) return reject(SHOW_COMMAND_TEXTS.noQuizToPublish, 'precondition');
  const quiz = requireQuiz(state, id);
  if (isRejection(quiz)) return quiz;
  return accept(streams.show, draft('PointsPublished', { quizId: id, points: pointsOverview(state, id) }));
}

const HEAL_DEAL_PATH =
  /^moderator\.heal_deal\.(startHp|healingPerRound|damagePerRound|damagePerRoundZombie)(?:\.(\d+))?$/;

/** asu's path and value as a setting, or the German text of what is wrong. */
function stateSettingOf(path: string, value: unknown): StateSetting | string {
  if (path === 'global.allowNewRegistrations') {
    const allow = booleanOf(value);
    return allow === null ? texts.unknownSetting : { kind: 'registrations', allow };
  }
  const match = HEAL_DEAL_PATH.exec(path);
  if (!match) return texts.unknownSetting;
  const setting = match[1] as HealDealSetting;
  const round = match[2] === undefined ? null : Number(match[2]);
  const roundNeeded = setting !== 'startHp';
  if (
    roundNeeded !== (round !== null) ||
    (round !== null && !(HEAL_DEAL_ROUNDS as readonly number[]).includes(round))
  ) {
    return texts.unknownSetting;
  }
  const whole = wholeNumberOf(value);
  return whole === null ? texts.notANumber : { kind: 'healDeal', setting, round, value: whole };
}

function isUberMode(value: string): value is UberMode {
  return (UBER_MODES as readonly string[]).includes(value);
}

/**
 * mp's content: `{publish: true}` publishes the ranking the server computes (of `quiz`, else of the
 * night's quiz); `{}` or `{publish: false}` unpublishes. An older client's `{rounds, sortedTeams}`
 * means publish; its ranking is ignored.
 */
function parsePublishPoints(c: ParserInput): PublishPoints | Rejection {
  // The spec nests it (`{content: {...}}`); a client that sends `{publish}` bare is read the same.
  const content = (typeof c.content === 'object' && c.content !== null ? c.content : c) as Record<string, unknown>;
  const olderClient = content.sortedTeams !== undefined || content.rounds !== undefined;
  const publish = content.publish === undefined ? olderClient : booleanOf(content.publish);
  if (publish === null) return reject(SHOW_COMMAND_TEXTS.publishNotABoolean);
  const quizId = content.quiz === undefined || content.quiz === null ? null : quizIdOf(content.quiz);
  return { type: 'PublishPoints', publish, quizId };
}

export const showEntries = {
  SetOverviewMessage: {
    wire: 'ao',
    content: { message: 'string' },
    access: ADMIN,
    parse: (c) => {
      const message = limitedTextOf('overviewMessage', c.message);
      return isRejection(message) ? message : { type: 'SetOverviewMessage', message };
    },
    boundary: showOnly,
    rule: setOverviewMessage,
  },
  SetFeatureFlags: {
    wire: 'aff',
    content: { flags: 'string' },
    access: ADMIN,
    parse: (c) => {
      const flags = limitedTextOf('featureFlags', c.flags);
      return isRejection(flags) ? flags : { type: 'SetFeatureFlags', flags };
    },
    boundary: showOnly,
    rule: setFeatureFlags,
  },
  SetReconnectAt: {
    wire: 'ara',
    content: { recheckAt: 'number' },
    access: ADMIN,
    duringMaintenance: ADMIN,
    parse: (c) => {
      const recheckAt = numberOf(c.recheckAt);
      return recheckAt === null ? reject(texts.notANumber) : { type: 'SetReconnectAt', recheckAt };
    },
    boundary: showOnly,
    rule: setReconnectAt,
  },
  ResetLiveState: {
    wire: 'arr',
    content: {},
    access: ADMIN,
    parse: () => ({ type: 'ResetLiveState' }),
    boundary: () => [SHOW, NIGHTS],
    rule: resetLiveState,
  },
  UpdateStateSetting: {
    wire: 'asu',
    content: { path: 'string', value: 'string|number|boolean' },
    access: ADMIN,
    parse: (c) => {
      const setting = stateSettingOf(textOf(c.path), c.value);
      return typeof setting === 'string' ? reject(setting) : { type: 'UpdateStateSetting', setting };
    },
    boundary: showOnly,
    rule: updateStateSetting,
  },
  ChangeUberMode: {
    wire: 'mum',
    content: { modus: 'string' },
    access: MODERATOR,
    parse: (c) => {
      const modus = textOf(c.modus);
      return isUberMode(modus) ? { type: 'ChangeUberMode', modus } : reject(SHOW_COMMAND_TEXTS.unknownUberMode);
    },
    boundary: () => [SHOW, NIGHTS],
    rule: changeUberMode,
  },
  SetUberMessage: {
    wire: 'mumm',
    content: { message: 'string' },
    access: MODERATOR,
    parse: (c) => {
      const message = limitedTextOf('uberMessage', c.message);
      return isRejection(message) ? message : { type: 'SetUberMessage', message };
    },
    boundary: showOnly,
    rule: setUberMessage,
  },
  DrawStroke: {
    wire: 'mua',
    content: { url: 'string', color: 'string', startX: 'number', startY: 'number', endX: 'number', endY: 'number' },
    access: MODERATOR,
    parse: (c) => {
      const [startX, startY, endX, endY] = [c.startX, c.startY, c.endX, c.endY].map(numberOf);
      if (startX == null || startY == null || endX == null || endY == null) return reject(texts.notANumber);
      const [url, color] = [textOf(c.url), textOf(c.color)];
      const problem = strokeProblem(url, color);
      return problem ? reject(problem) : { type: 'DrawStroke', url, color, startX, startY, endX, endY };
    },
    boundary: showOnly,
    rule: drawStroke,
  },
  ClearPainting: {
    wire: 'muc',
    content: {},
    access: MODERATOR,
    parse: () => ({ type: 'ClearPainting' }),
    boundary: showOnly,
    rule: clearPainting,
  },
  // The ranking reads the night's ratings, the quiz and the teams' names.
  PublishPoints: {
    wire: 'mp',
    content: { content: 'object' },
    access: MODERATOR,
    parse: parsePublishPoints,
    boundary: () => [NIGHTS, TEAMS, QUIZZES],
    rule: publishPoints,
  },
} satisfies Entries<ShowCommand>;
