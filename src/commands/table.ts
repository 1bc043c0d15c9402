/**
 * The command table (ARCHITECTURE.md rule 9): one entry per command, holding
 * - `wire`: its realtime message code (PROTOCOL.md), if clients send it over the socket, and `content`,
 *   the fields clients send (docs/asyncapi.yaml is generated from these: `npm run asyncapi`);
 * - `access`: who may send it;
 * - `parse`: wire content -> the typed command, or the German rejection (runs at the edge);
 * - `boundary`: the streams its rule reads (besides `show`, which every rule reads for maintenance);
 *   the append goes through only if none of them moved since the decision;
 * - `rule`: the decision itself, on the typed command.
 * Adding a command = one entry here + its rule in the area's module + its given/when/then tests.
 */
import {
  UBER_MODES, streams, type HealDealSetting, type Role, type UberMode, type UploadKind,
} from '../../events';
import {
  FUSION_TEAM_PASSWORD, HEAL_DEAL_ROUNDS, UPLOAD_MAX_BYTES, greetingProblemOf, pauseUploadNameMissing, profileProblemOf,
  qrTeamAmountOf, qrTeamProblemOf, teamByReference, teamFormProblemOf,
  type GreetingProblem, type LiveState, type ProfileProblem,
} from '../../projections/live';
import { ANSWER_REGEX_TEXTS, compileAnswerRegex } from '../../projections/live/answer-regex';
import { readDrawing } from '../../projections/live/drawing';
import { saveDrawing } from './drawing';
import type { Command, CommandInput, CommandOfType, CommandType, StateSetting } from './commands';
import { reject, type Boundary, type DecisionContext, type Rejection, type Verdict } from './decision';
import { booleanOf, numberOf, quizIdOf, textOf, wholeNumberOf } from './fields';
import { submitGreeting } from './forms';
import { calculateHealDeal, chooseHealDeal } from './heal-deal';
import { createLoginLink, markEmailPopupSeen, registerUser, updateProfile } from './identity';
import {
  acceptQuizzle, endQuestion, expireCountdown, hardReset, rejectQuizzle, showInstructions, startCountdown, startNextQuestion,
  startQuestion,
} from './night';
import {
  addProposal, addTeamChat, chooseFavourite, deleteProposal, offerQuizzle, postLobbyChat, submitSingleAnswer, toggleStar,
} from './proposals';
import { normalizeContent, questionsFromRounds } from './quiz-content';
import { addTieBreakQuestion, createQuiz, editQuiz, importQuiz } from './quizzes';
import { rateAnswerAbsolute, rateAnswerRelative, regexBulkRate, startChecking } from './rating';
import { correctShipQuestion } from './ship';
import { changeShowSettings, parseChangeShowSettings } from './show-settings';
import {
  changeUberMode, clearPainting, drawStroke, publishPoints, resetLiveState, setFeatureFlags, setOverviewMessage,
  setReconnectAt, setUberMessage, updateStateSetting,
} from './show';
import { createQrTeam, createTeam, createTeamInvite, createTeamInviteAsAdmin, deleteTeam, editTeam, joinTeam, joinTeamByInvite } from './teams';
import { texts } from './texts';
import { recordUpload } from './uploads';
import { parseSetUserRoles, setUserRoles } from './user-roles';

/** Who may send a command: anyone (visitors, the scheduler), any logged-in user, or users with one of these roles. */
export type Access = 'anyone' | 'user' | { readonly anyOf: readonly Role[] };

/** A content field's JSON type(s) as clients send it (documentation: the parser is what decides). */
export type WireField = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'string|number' | 'string|number|boolean';

export interface CommandEntry<T extends CommandType> {
  readonly wire?: string;
  /** The content fields of the realtime message (with `wire`), for docs/asyncapi.yaml. */
  readonly content?: Readonly<Record<string, WireField>>;
  readonly access: Access;
  readonly parse: (input: CommandInput) => CommandOfType<T> | Rejection;
  readonly boundary: (command: CommandOfType<T>, state: LiveState, actorId: string | null) => Boundary;
  readonly rule: (state: LiveState, command: CommandOfType<T>, ctx: DecisionContext) => Verdict;
}

/** mc: a countdown of at most an hour (a question lasts minutes). */
const MAX_COUNTDOWN_SECONDS = 3600;

const ADMIN: Access = { anyOf: ['admin'] };
const MODERATOR: Access = { anyOf: ['moderator'] };
const CHECKER: Access = { anyOf: ['moderator', 'tester'] };

// Stream categories. Team membership is written to the team joined, so the actor's own team is a
// fact of every team stream; which night is current is a fact of every night stream.
const NIGHTS = 'night-*';
const TEAMS = 'team-*';
const USERS = 'user-*';
const QUIZZES = 'quiz-*';
const own = (actorId: string | null) => (actorId === null ? [] : [streams.user(actorId)]);
/** A rule about the actor's team during the night: the actor, every team stream, the nights. */
const memberInNight = (_cmd: unknown, _state: LiveState, actorId: string | null): Boundary => [...own(actorId), TEAMS, NIGHTS];
const member = (_cmd: unknown, _state: LiveState, actorId: string | null): Boundary => [...own(actorId), TEAMS];
const showOnly = (): Boundary => [];

const trimmed = (value: unknown) => textOf(value).trim();
const keyOf = (input: CommandInput) => wholeNumberOf(input.number);

const table: { readonly [T in CommandType]: CommandEntry<T> } = {
  // identity
  RegisterUser: {
    access: 'anyone',
    parse: (c) => ({
      type: 'RegisterUser', login: trimmed(c.login), hasPassword: textOf(c.password) !== '',
      passwordRepeated: c.passwordRepeat === undefined || c.passwordRepeat === c.password, email: trimmed(c.email) || null,
    }),
    boundary: () => [USERS, TEAMS],
    rule: registerUser,
  },
  UpdateProfile: {
    access: 'user',
    parse: (c) => {
      const problem = profileProblemOf(textOf(c.name), textOf(c.newPassword), textOf(c.newPasswordRepeat));
      if (problem) return reject(PROFILE_PROBLEM_TEXTS[problem]);
      return { type: 'UpdateProfile', userId: textOf(c.userId), name: trimmed(c.name), changesPassword: textOf(c.newPassword) !== '' };
    },
    boundary: (_c, _s, actorId) => own(actorId),
    rule: updateProfile,
  },
  MarkEmailPopupSeen: {
    access: 'user',
    parse: (c) => ({ type: 'MarkEmailPopupSeen', userId: textOf(c.userId) }),
    boundary: (_c, _s, actorId) => own(actorId),
    rule: markEmailPopupSeen,
  },
  CreateLoginLink: {
    wire: 'ali', content: { id: 'string' }, access: ADMIN,
    parse: (c) => ({ type: 'CreateLoginLink', userId: textOf(c.id) }),
    boundary: (cmd) => [streams.user(cmd.userId)],
    rule: createLoginLink,
  },
  // HTTP only (PUT /api/users/:id/roles) and the server's console (npm run user); the last-admin check reads every user.
  SetUserRoles: { access: ADMIN, parse: parseSetUserRoles, boundary: () => [USERS], rule: setUserRoles },

  // teams
  CreateTeam: {
    access: 'user',
    parse: (c) => {
      const form = { name: textOf(c.name), password: textOf(c.password), stadt: textOf(c.stadt), beschreibung: textOf(c.beschreibung) };
      if (teamFormProblemOf(form)) return reject(texts.teamCreationFailed);
      return { type: 'CreateTeam', name: trimmed(c.name), stadt: trimmed(c.stadt), beschreibung: trimmed(c.beschreibung), url: textOf(c.url) };
    },
    boundary: member,
    rule: createTeam,
  },
  CreateQrTeam: {
    access: 'anyone',
    parse: (c) => {
      const problem = qrTeamProblemOf(textOf(c.name), textOf(c.amount));
      if (problem === 'nameMissing') return reject(texts.qrTeamNameMissing);
      if (problem === 'amountNotNumeric') return reject(texts.qrTeamAmountNotNumeric);
      // A name too long is the rule's (it answers it like closed registrations).
      return { type: 'CreateQrTeam', name: trimmed(c.name), expectedMembers: qrTeamAmountOf(textOf(c.amount)), moderatorOnline: c.moderatorOnline === true };
    },
    boundary: () => [TEAMS],
    rule: createQrTeam,
  },
  JoinTeam: {
    wire: 'gj', content: { id: 'string|number', password: 'string' }, access: 'user',
    parse: (c) => ({ type: 'JoinTeam', team: textOf(c.id), passwordOk: c.passwordOk === true, fusionPassword: c.password === FUSION_TEAM_PASSWORD }),
    // A team's number is written in its own stream (TeamCreated), so the team's stream is the whole boundary.
    boundary: (cmd, state, actorId) => [...own(actorId), streams.team(teamByReference(state, cmd.team)?.id ?? cmd.team)],
    rule: joinTeam,
  },
  JoinTeamByInvite: {
    wire: 'gi', content: { token: 'string' }, access: 'user',
    parse: (c) => ({ type: 'JoinTeamByInvite', inviteId: typeof c.inviteId === 'string' ? c.inviteId : null }),
    boundary: (_c, _s, actorId) => [...own(actorId), TEAMS],
    rule: joinTeamByInvite,
  },
  CreateTeamInvite: { wire: 'gl', content: {}, access: 'user', parse: () => ({ type: 'CreateTeamInvite' }), boundary: member, rule: createTeamInvite },
  CreateTeamInviteAsAdmin: {
    wire: 'ati', content: { id: 'string' }, access: ADMIN,
    parse: (c) => ({ type: 'CreateTeamInviteAsAdmin', teamId: textOf(c.id) }),
    boundary: (cmd) => [streams.team(cmd.teamId)],
    rule: createTeamInviteAsAdmin,
  },
  EditTeam: {
    wire: 'gu', content: { url: 'string', stadt: 'string', beschreibung: 'string' }, access: 'user',
    parse: (c) => ({ type: 'EditTeam', url: trimmed(c.url), stadt: trimmed(c.stadt), beschreibung: trimmed(c.beschreibung) }),
    boundary: member,
    rule: editTeam,
  },
  DeleteTeam: {
    access: ADMIN,
    parse: (c) => ({ type: 'DeleteTeam', teamId: textOf(c.id) }),
    boundary: (cmd) => [streams.team(cmd.teamId)],
    rule: deleteTeam,
  },

  // quizzes
  CreateQuiz: {
    access: MODERATOR,
    parse: (c) => ({ type: 'CreateQuiz', name: trimmed(c.name), yearWeek: trimmed(c.yearWeek), content: normalizeContent(c.content) }),
    boundary: () => [QUIZZES],
    rule: createQuiz,
  },
  ImportQuiz: {
    access: MODERATOR,
    parse: (c) => ({
      type: 'ImportQuiz', name: trimmed(c.name), yearWeek: trimmed(c.yearWeek), content: normalizeContent(questionsFromRounds(c.rounds)),
    }),
    boundary: () => [QUIZZES],
    rule: importQuiz,
  },
  EditQuiz: {
    access: MODERATOR,
    parse: (c) => ({
      type: 'EditQuiz', quizId: quizIdOf(c.quizId),
      name: c.name === undefined ? null : trimmed(c.name),
      yearWeek: c.yearWeek === undefined ? null : trimmed(c.yearWeek),
      content: c.content === undefined ? null : normalizeContent(c.content),
    }),
    boundary: (cmd) => [streams.quiz(cmd.quizId)],
    rule: editQuiz,
  },
  AddTieBreakQuestion: {
    wire: 'aas', content: { quiz: 'string|number', round: 'integer', question: 'integer', title: 'string', text: 'string' }, access: ADMIN,
    parse: (c) => ({
      type: 'AddTieBreakQuestion', quizId: quizIdOf(c.quiz), round: wholeNumberOf(c.round), number: wholeNumberOf(c.question),
      title: trimmed(c.title), text: trimmed(c.text),
    }),
    boundary: (cmd) => [streams.quiz(cmd.quizId)],
    rule: addTieBreakQuestion,
  },

  // night: game flow
  StartQuestion: {
    wire: 'ma', content: { quiz: 'string|number', round: 'integer', question: 'integer' }, access: MODERATOR,
    parse: (c) => ({ type: 'StartQuestion', quizId: quizIdOf(c.quiz), round: wholeNumberOf(c.round), number: wholeNumberOf(c.question) }),
    boundary: (cmd) => [NIGHTS, streams.quiz(cmd.quizId)],
    rule: startQuestion,
  },
  StartNextQuestion: {
    access: MODERATOR,
    parse: () => ({ type: 'StartNextQuestion' }),
    boundary: () => [NIGHTS, QUIZZES],
    rule: startNextQuestion,
  },
  HardReset: {
    wire: 'mhr', content: { quiz: 'string|number', round: 'integer', question: 'integer' }, access: MODERATOR,
    parse: (c) => ({ type: 'HardReset', quizId: quizIdOf(c.quiz), round: wholeNumberOf(c.round), number: wholeNumberOf(c.question) }),
    boundary: (cmd) => [NIGHTS, streams.quiz(cmd.quizId)],
    rule: hardReset,
  },
  StartCountdown: {
    wire: 'mc', content: { time: 'number' }, access: MODERATOR,
    parse: (c) => {
      const seconds = numberOf(c.time);
      // An end instant must stay a finite number a timer can wait for (1e308 s stored null and never fired).
      return seconds !== null && seconds > MAX_COUNTDOWN_SECONDS ? reject(texts.countdownTooLong) : { type: 'StartCountdown', seconds };
    },
    boundary: () => [NIGHTS],
    rule: startCountdown,
  },
  // The lock-in reads every team's play and, in single mode, every user's answer.
  ExpireCountdown: { access: 'anyone', parse: () => ({ type: 'ExpireCountdown' }), boundary: () => [NIGHTS, TEAMS, USERS], rule: expireCountdown },
  EndQuestion: { wire: 'mn', content: {}, access: MODERATOR, parse: () => ({ type: 'EndQuestion' }), boundary: () => [NIGHTS, TEAMS, USERS], rule: endQuestion },
  ShowInstructions: { wire: 'mi', content: {}, access: MODERATOR, parse: () => ({ type: 'ShowInstructions' }), boundary: () => [NIGHTS], rule: showInstructions },
  AcceptQuizzle: { wire: 'mr', content: {}, access: MODERATOR, parse: () => ({ type: 'AcceptQuizzle' }), boundary: () => [NIGHTS], rule: acceptQuizzle },
  RejectQuizzle: { wire: 'mq', content: {}, access: MODERATOR, parse: () => ({ type: 'RejectQuizzle' }), boundary: () => [NIGHTS], rule: rejectQuizzle },

  // proposals and chat
  AddProposal: { wire: 'gp', content: { message: 'string' }, access: 'user', parse: (c) => ({ type: 'AddProposal', message: trimmed(c.message) }), boundary: memberInNight, rule: addProposal },
  AddTeamChat: { wire: 'gc', content: { message: 'string' }, access: 'user', parse: (c) => ({ type: 'AddTeamChat', message: trimmed(c.message) }), boundary: memberInNight, rule: addTeamChat },
  DeleteProposal: { wire: 'gd', content: { number: 'integer' }, access: 'user', parse: (c) => ({ type: 'DeleteProposal', key: keyOf(c) }), boundary: memberInNight, rule: deleteProposal },
  ChooseFavourite: { wire: 'gf', content: { number: 'integer' }, access: 'user', parse: (c) => ({ type: 'ChooseFavourite', key: keyOf(c) }), boundary: memberInNight, rule: chooseFavourite },
  ToggleStar: { wire: 'gs', content: { number: 'integer' }, access: 'user', parse: (c) => ({ type: 'ToggleStar', key: keyOf(c) }), boundary: memberInNight, rule: toggleStar },
  OfferQuizzle: { wire: 'go', content: { number: 'integer' }, access: 'user', parse: (c) => ({ type: 'OfferQuizzle', key: keyOf(c) }), boundary: memberInNight, rule: offerQuizzle },
  SubmitSingleAnswer: {
    wire: 'sp', content: { message: 'string' }, access: 'user',
    parse: (c) => ({ type: 'SubmitSingleAnswer', message: trimmed(c.message) }),
    boundary: (_c, _s, actorId) => [...own(actorId), NIGHTS],
    rule: submitSingleAnswer,
  },
  SaveDrawing: {
    wire: 'gz', content: { strokes: 'array' }, access: 'user',
    parse: (c) => {
      const read = readDrawing(c.strokes);
      if (!read.ok) return reject(read.problem === 'tooLarge' ? texts.drawingTooLarge : texts.drawingInvalid);
      return { type: 'SaveDrawing', strokes: read.strokes };
    },
    boundary: (_c, _s, actorId) => [...own(actorId), NIGHTS],
    rule: saveDrawing,
  },
  PostLobbyChat: {
    wire: 'ulc', content: { message: 'string' }, access: 'user',
    parse: (c) => ({ type: 'PostLobbyChat', message: trimmed(c.message) }),
    boundary: (_c, _s, actorId) => own(actorId),
    rule: postLobbyChat,
  },

  // heal and deal
  ChooseHealDeal: {
    wire: 'ghd', content: { kind: 'string', team: 'string' }, access: 'user',
    parse: (c) => (c.kind === 'heal' || c.kind === 'deal'
      ? { type: 'ChooseHealDeal', kind: c.kind, targetTeamId: textOf(c.team) }
      : reject(texts.unknownSetting)),
    boundary: memberInNight,
    rule: chooseHealDeal,
  },
  CalculateHealDeal: { wire: 'ahd', content: {}, access: ADMIN, parse: () => ({ type: 'CalculateHealDeal' }), boundary: () => [TEAMS, NIGHTS], rule: calculateHealDeal },

  // rating
  RateAnswerRelative: {
    wire: 'tu', content: { answerId: 'string', change: 'number', checked: 'boolean', liked: 'boolean' }, access: CHECKER,
    parse: (c) => ({ type: 'RateAnswerRelative', ...ratingOf(c), change: numberOf(c.change) }),
    boundary: () => [NIGHTS],
    rule: rateAnswerRelative,
  },
  RateAnswerAbsolute: {
    wire: 'tua', content: { answerId: 'string', value: 'number', checked: 'boolean', liked: 'boolean' }, access: CHECKER,
    parse: (c) => {
      const value = numberOf(c.value);
      return value === null ? reject(texts.notANumber) : { type: 'RateAnswerAbsolute', ...ratingOf(c), value };
    },
    boundary: () => [NIGHTS],
    rule: rateAnswerAbsolute,
  },
  StartChecking: {
    wire: 'ta', content: { quiz: 'string|number' }, access: CHECKER,
    parse: (c) => ({ type: 'StartChecking', quizId: quizIdOf(c.quiz) }),
    boundary: (cmd) => [streams.quiz(cmd.quizId)],
    rule: startChecking,
  },
  RegexBulkRate: {
    wire: 'trx', content: { quiz: 'string|number', round: 'integer', question: 'integer', regex: 'string', points: 'number', mark: 'string' }, access: MODERATOR,
    parse: parseRegexBulkRate,
    boundary: (cmd) => [streams.quiz(cmd.quizId), NIGHTS],
    rule: regexBulkRate,
  },
  CorrectShipQuestion: {
    wire: 'asv', content: { quiz: 'string|number', round: 'integer', question: 'integer' }, access: ADMIN,
    parse: (c) => ({ type: 'CorrectShipQuestion', quizId: quizIdOf(c.quiz), round: wholeNumberOf(c.round), number: wholeNumberOf(c.question) }),
    boundary: (cmd) => [streams.quiz(cmd.quizId), NIGHTS],
    rule: correctShipQuestion,
  },

  // show
  SetOverviewMessage: { wire: 'ao', content: { message: 'string' }, access: ADMIN, parse: (c) => ({ type: 'SetOverviewMessage', message: textOf(c.message) }), boundary: showOnly, rule: setOverviewMessage },
  SetFeatureFlags: { wire: 'aff', content: { flags: 'string' }, access: ADMIN, parse: (c) => ({ type: 'SetFeatureFlags', flags: textOf(c.flags) }), boundary: showOnly, rule: setFeatureFlags },
  SetReconnectAt: {
    wire: 'ara', content: { recheckAt: 'number' }, access: ADMIN,
    parse: (c) => {
      const recheckAt = numberOf(c.recheckAt);
      return recheckAt === null ? reject(texts.notANumber) : { type: 'SetReconnectAt', recheckAt };
    },
    boundary: showOnly,
    rule: setReconnectAt,
  },
  ResetLiveState: { wire: 'arr', content: {}, access: ADMIN, parse: () => ({ type: 'ResetLiveState' }), boundary: () => [NIGHTS], rule: resetLiveState },
  UpdateStateSetting: {
    wire: 'asu', content: { path: 'string', value: 'string|number|boolean' }, access: ADMIN,
    parse: (c) => {
      const setting = stateSettingOf(textOf(c.path), c.value);
      return typeof setting === 'string' ? reject(setting) : { type: 'UpdateStateSetting', setting };
    },
    boundary: showOnly,
    rule: updateStateSetting,
  },
  ChangeUberMode: {
    wire: 'mum', content: { modus: 'string' }, access: MODERATOR,
    parse: (c) => {
      const modus = textOf(c.modus);
      return isUberMode(modus) ? { type: 'ChangeUberMode', modus } : reject(texts.unknownUberMode);
    },
    boundary: () => [NIGHTS],
    rule: changeUberMode,
  },
  SetUberMessage: { wire: 'mumm', content: { message: 'string' }, access: MODERATOR, parse: (c) => ({ type: 'SetUberMessage', message: textOf(c.message) }), boundary: showOnly, rule: setUberMessage },
  DrawStroke: {
    wire: 'mua', content: { url: 'string', color: 'string', startX: 'number', startY: 'number', endX: 'number', endY: 'number' }, access: MODERATOR,
    parse: (c) => {
      const [startX, startY, endX, endY] = [c.startX, c.startY, c.endX, c.endY].map(numberOf);
      if (startX == null || startY == null || endX == null || endY == null) return reject(texts.notANumber);
      return { type: 'DrawStroke', url: textOf(c.url), color: textOf(c.color), startX, startY, endX, endY };
    },
    boundary: showOnly,
    rule: drawStroke,
  },
  ClearPainting: { wire: 'muc', content: {}, access: MODERATOR, parse: () => ({ type: 'ClearPainting' }), boundary: showOnly, rule: clearPainting },
  // The ranking reads the night's ratings, the quiz and the teams' names.
  PublishPoints: { wire: 'mp', content: { content: 'object' }, access: MODERATOR, parse: parsePublishPoints, boundary: () => [NIGHTS, TEAMS, QUIZZES], rule: publishPoints },
  ChangeShowSettings: { access: ADMIN, parse: parseChangeShowSettings, boundary: showOnly, rule: changeShowSettings },

  // uploads, forms
  RecordUpload: {
    access: 'user',
    parse: parseRecordUpload,
    boundary: (_c, _s, actorId) => [...own(actorId), TEAMS, NIGHTS],
    rule: recordUpload,
  },
  SubmitGreeting: {
    access: 'anyone',
    parse: (c) => {
      const problem = greetingProblemOf(textOf(c.username), textOf(c.message));
      if (problem) return reject(GREETING_TEXTS[problem]);
      return { type: 'SubmitGreeting', name: trimmed(c.username), message: trimmed(c.message) };
    },
    boundary: showOnly,
    rule: submitGreeting,
  },
};

const GREETING_TEXTS: Record<GreetingProblem, string> = {
  missing: texts.greetingFieldMissing, nameTooLong: texts.greetingNameTooLong, messageTooLong: texts.greetingMessageTooLong,
};

function ratingOf(c: CommandInput) {
  return { answerId: textOf(c.answerId), checked: c.checked === true, liked: c.liked === true };
}

const MARKS = ['correct', 'wrong', 'unchecked'] as const;

function parseRegexBulkRate(c: CommandInput): CommandOfType<'RegexBulkRate'> | Rejection {
  const regex = textOf(c.regex);
  const compiled = compileAnswerRegex(regex);
  if (!compiled.ok) return reject(ANSWER_REGEX_TEXTS[compiled.problem]);
  const points = c.points === undefined ? 1 : numberOf(c.points);
  if (points === null) return reject(texts.notANumber);
  const mark = MARKS.find((m) => m === c.mark) ?? 'correct';
  return { type: 'RegexBulkRate', quizId: quizIdOf(c.quiz), round: wholeNumberOf(c.round), number: wholeNumberOf(c.question), regex, points, mark };
}

const HEAL_DEAL_PATH = /^moderator\.heal_deal\.(startHp|healingPerRound|damagePerRound|damagePerRoundZombie)(?:\.(\d+))?$/;

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
  if (roundNeeded !== (round !== null) || (round !== null && !(HEAL_DEAL_ROUNDS as readonly number[]).includes(round))) {
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
function parsePublishPoints(c: CommandInput): CommandOfType<'PublishPoints'> | Rejection {
  const content = (typeof c.content === 'object' && c.content !== null ? c.content : {}) as Record<string, unknown>;
  const olderClient = content.sortedTeams !== undefined || content.rounds !== undefined;
  const publish = content.publish === undefined ? olderClient : booleanOf(content.publish);
  if (publish === null) return reject(texts.publishNotABoolean);
  const quizId = content.quiz === undefined || content.quiz === null ? null : quizIdOf(content.quiz);
  return { type: 'PublishPoints', publish, quizId };
}

const PROFILE_PROBLEM_TEXTS: Record<ProfileProblem, string> = {
  nameTooShort: texts.displayNameTooShort, nameTooLong: texts.displayNameTooLong, passwordMismatch: texts.profilePasswordMismatch,
};

const UPLOAD_KINDS: readonly UploadKind[] = ['team', 'question', 'user'];

/**
 * An upload the HTTP layer stored: only images (type checked by content there, reported here), at
 * most 10,000,000 bytes each; pause uploads (kind user) need a name.
 */
function parseRecordUpload(c: CommandInput): CommandOfType<'RecordUpload'> | Rejection {
  const files = Array.isArray(c.files) ? (c.files as unknown[]) : [];
  const kind = UPLOAD_KINDS.find((k) => k === c.kind);
  if (files.length === 0 || !kind) return reject(texts.uploadFailed);
  const fileNames: string[] = [];
  for (const file of files) {
    const f = (typeof file === 'object' && file !== null ? file : {}) as Record<string, unknown>;
    if (!textOf(f.mimeType).startsWith('image')) return reject(texts.uploadNotAnImage);
    if (!(typeof f.size === 'number' && f.size <= UPLOAD_MAX_BYTES)) return reject(texts.uploadTooLarge);
    fileNames.push(textOf(f.fileName));
  }
  const label = trimmed(c.fileName);
  if (kind === 'user' && pauseUploadNameMissing(label)) return reject(texts.uploadNameMissing);
  return { type: 'RecordUpload', kind, fileNames, label: label || null };
}

export const commandTable = table;

/** The table entry of a command type, or undefined for anything else (a client may send any string). */
export function entryOf<T extends CommandType>(type: T): CommandEntry<T>;
export function entryOf(type: string): CommandEntry<CommandType> | undefined;
export function entryOf(type: string): CommandEntry<CommandType> | undefined {
  return Object.prototype.hasOwnProperty.call(table, type) ? (table[type as CommandType] as unknown as CommandEntry<CommandType>) : undefined;
}

/** Realtime message code -> command type, from the table. */
export const WIRE_COMMANDS: Readonly<Record<string, CommandType>> = Object.fromEntries(
  (Object.entries(table) as Array<[CommandType, CommandEntry<CommandType>]>).filter(([, e]) => e.wire).map(([type, e]) => [e.wire!, type]),
);

export function isWireCommand(code: string): boolean {
  return Object.prototype.hasOwnProperty.call(WIRE_COMMANDS, code);
}

/** What only the edge may say about a command (its verdict on a secret); a client cannot send these. */
export interface EdgeVerdict {
  /** gj: whether the password matched the team's hash (the write side checks it). */
  passwordOk?: boolean;
  /** gi: the invite the token belongs to, null when unknown. */
  inviteId?: string | null;
}

/**
 * A realtime message as command input, or null for a code that is no command. The edge's verdicts
 * replace whatever a client put under their names.
 */
export function inputFromWire(code: string, content: Readonly<Record<string, unknown>> | undefined, verdict: EdgeVerdict = {}): CommandInput | null {
  if (!isWireCommand(code)) return null;
  return { ...content, passwordOk: false, inviteId: null, ...verdict, type: WIRE_COMMANDS[code]! };
}

export type { Command };
