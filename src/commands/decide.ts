import { eventIdFor, type QuizShowEvent } from '../../events';
import { isMaintenance, type LiveState } from '../../projections/live';
import type { Command, CommandOfType, CommandType } from './commands';
import { reject, type Decision, type DecisionContext, type Verdict } from './decision';
import { createQuiz, editQuiz, importQuiz, addTieBreakQuestion } from './quizzes';
import { calculateHealDeal, chooseHealDeal } from './heal-deal';
import { hasRole } from './guards';
import { createLoginLink, markEmailPopupSeen, registerUser, updateProfile } from './identity';
import {
  acceptQuizzle, endQuestion, expireCountdown, hardReset, listUploadFolder, queryPointsOverview, rejectQuizzle,
  showInstructions, startCountdown, startNextQuestion, startQuestion,
} from './night';
import {
  addProposal, addTeamChat, chooseFavorite, deleteProposal, offerQuizzle, postLobbyChat, submitSingleAnswer, toggleStar,
} from './proposals';
import { rateAnswerAbsolute, rateAnswerRelative, regexBulkRate, startChecking } from './rating';
import { correctShipQuestion } from './ship';
import {
  changeUberMode, clearPainting, drawStroke, publishPoints, resetLiveState, setFeatureFlags, setOverviewMessage,
  setReconnectAt, setUberMessage, updateStateSetting,
} from './show';
import { createQrTeam, createTeam, createTeamInvite, createTeamInviteAsAdmin, deleteTeam, editTeam, joinTeam, joinTeamByInvite } from './teams';
import { texts } from './texts';
import { recordUpload } from './uploads';
import { submitGreeting } from './forms';

type Decider<T extends CommandType> = (state: LiveState, command: CommandOfType<T>, ctx: DecisionContext) => Verdict;

const deciders: { [T in CommandType]: Decider<T> } = {
  RegisterUser: registerUser,
  UpdateProfile: updateProfile,
  MarkEmailPopupSeen: markEmailPopupSeen,
  CreateLoginLink: createLoginLink,
  CreateTeam: createTeam,
  CreateQrTeam: createQrTeam,
  JoinTeam: joinTeam,
  JoinTeamByInvite: joinTeamByInvite,
  CreateTeamInvite: createTeamInvite,
  CreateTeamInviteAsAdmin: createTeamInviteAsAdmin,
  EditTeam: editTeam,
  DeleteTeam: deleteTeam,
  CreateQuiz: createQuiz,
  EditQuiz: editQuiz,
  ImportQuiz: importQuiz,
  AddTieBreakQuestion: addTieBreakQuestion,
  StartQuestion: startQuestion,
  StartNextQuestion: startNextQuestion,
  HardReset: hardReset,
  StartCountdown: startCountdown,
  ExpireCountdown: expireCountdown,
  EndQuestion: endQuestion,
  ShowInstructions: showInstructions,
  AcceptQuizzle: acceptQuizzle,
  RejectQuizzle: rejectQuizzle,
  QueryPointsOverview: queryPointsOverview,
  ListUploadFolder: listUploadFolder,
  AddProposal: addProposal,
  AddTeamChat: addTeamChat,
  DeleteProposal: deleteProposal,
  ChooseFavorite: chooseFavorite,
  ToggleStar: toggleStar,
  OfferQuizzle: offerQuizzle,
  SubmitSingleAnswer: submitSingleAnswer,
  PostLobbyChat: postLobbyChat,
  ChooseHealDeal: chooseHealDeal,
  CalculateHealDeal: calculateHealDeal,
  RateAnswerRelative: rateAnswerRelative,
  RateAnswerAbsolute: rateAnswerAbsolute,
  StartChecking: startChecking,
  RegexBulkRate: regexBulkRate,
  CorrectShipQuestion: correctShipQuestion,
  SetOverviewMessage: setOverviewMessage,
  SetFeatureFlags: setFeatureFlags,
  SetReconnectAt: setReconnectAt,
  ResetLiveState: resetLiveState,
  UpdateStateSetting: updateStateSetting,
  ChangeUberMode: changeUberMode,
  SetUberMessage: setUberMessage,
  DrawStroke: drawStroke,
  ClearPainting: clearPainting,
  PublishPoints: publishPoints,
  RecordUpload: recordUpload,
  SubmitGreeting: submitGreeting,
};

/** During maintenance everything is refused except an admin's reconnect-at (ara). */
function blockedByMaintenance(state: LiveState, command: Command, ctx: DecisionContext): boolean {
  return isMaintenance(state) && !(command.type === 'SetReconnectAt' && hasRole(ctx, 'admin'));
}

function isCommand(value: unknown): value is Command {
  return typeof value === 'object' && value !== null
    && typeof (value as { type?: unknown }).type === 'string'
    && Object.prototype.hasOwnProperty.call(deciders, (value as { type: string }).type);
}

const NIGHT_STREAM = /^night-(.+)$/;

/**
 * The one entry of the write side: a command against the live state gives the events to append to
 * one stream, or a rejection with the German text for the user. Pure: time, ids and the actor come
 * from ctx; event ids derive from ctx.commandId so that a retry appends nothing twice.
 */
export function decide(state: LiveState, command: Command, ctx: DecisionContext): Decision {
  if (!isCommand(command)) return reject(texts.unknownCommand);
  if (blockedByMaintenance(state, command, ctx)) return reject(texts.maintenance, 'maintenance');
  const verdict = (deciders[command.type] as Decider<CommandType>)(state, command as never, ctx);
  if (!verdict.ok) return verdict;
  const nightId = NIGHT_STREAM.exec(verdict.stream)?.[1];
  const actor = { userId: ctx.actor.userId, roles: [...ctx.actor.roles] };
  const events = verdict.drafts.map((d, i) => ({
    ...d,
    metadata: {
      eventId: eventIdFor(ctx.commandId, i), commandId: ctx.commandId, actor, recordedAt: ctx.now,
      ...(nightId === undefined ? {} : { nightId }),
    },
  }) as QuizShowEvent);
  return { ok: true, stream: verdict.stream, events };
}
