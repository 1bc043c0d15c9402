/**
 * A readable German line per event. The switch is exhaustive over the event union: a new event
 * type does not compile until it is described here.
 */
import type { QuizShowEvent } from '../../../events';
import { markPoints, type LiveState } from '@live';
import { t } from '../texts/replay';

const SHORT = 80;

export function shorten(text: string, max = SHORT): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** HH:MM:SS.mmm in the browser's time zone. */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

/** A duration in seconds with milliseconds, e.g. 1.250 s. */
export function formatDuration(ms: number): string {
  return `${(Math.abs(ms) / 1000).toFixed(3)} s`;
}

export function userName(state: LiveState, userId: string | null): string {
  if (userId === null) return t.replay.system;
  return state.users.get(userId)?.name ?? t.replay.unknownUser(userId);
}

export function teamName(state: LiveState, teamId: string | null): string {
  if (teamId === null) return t.placeholders.noTeam;
  return state.teams.get(teamId)?.name ?? t.replay.unknownTeam(teamId);
}

function quizName(state: LiveState, quizId: string): string {
  return state.quizzes.get(quizId)?.name ?? quizId;
}

/** Who caused the event: the acting user's name, the server's console (a role change there), or System (scheduler, visitors). */
export function actorName(event: QuizShowEvent, state: LiveState): string {
  if (event.type === 'UserRolesChanged' && event.data.changedBy.kind === 'console')
    return t.replay.console(event.data.changedBy.account);
  return userName(state, event.metadata.actor.userId);
}

function roleList(roles: readonly string[]): string {
  return roles.length === 0 ? t.replay.noRoles : roles.map((r) => t.replay.roles[r] ?? r).join(', ');
}

function answerOwner(state: LiveState, answerId: string): { answer: string; owner: string } {
  const a = state.answers.get(answerId);
  if (!a) return { answer: answerId, owner: t.placeholders.notFound };
  return {
    answer: shorten(a.answer, 40),
    owner: a.teamId !== null ? teamName(state, a.teamId) : userName(state, a.userId),
  };
}

/** One line describing `event`; names are looked up in `state` (any state that knows them, e.g. the end of the night). */
export function describeEvent(event: QuizShowEvent, state: LiveState): string {
  const ev = t.replay.ev;
  switch (event.type) {
    case 'UserRegistered': {
      const { name, login, roles } = event.data;
      return ev.UserRegistered(name, login, roles.map((r) => t.replay.roles[r] ?? r).join(', '));
    }
    case 'UserProfileUpdated':
      return ev.UserProfileUpdated(event.data.name);
    case 'UserPasswordChanged':
    case 'EmailPopupSeen':
    case 'LoginLinkCreated':
    case 'UserTokensRevoked':
      return ev[event.type](userName(state, event.data.userId));
    case 'UserRolesChanged':
      return ev.UserRolesChanged(
        userName(state, event.data.userId),
        roleList(event.data.roles),
        roleList(event.data.previousRoles),
      );
    case 'UserBlocked':
      return ev.UserBlocked(userName(state, event.data.userId), event.data.blocked);
    case 'UserErased':
      return ev.UserErased(userName(state, event.data.by), event.data.by === event.data.userId);
    case 'UserEmailChanged':
      return ev.UserEmailChanged(userName(state, event.data.userId));
    case 'PasswordResetLinkCreated':
      return ev.PasswordResetLinkCreated(
        userName(state, event.data.userId),
        event.data.by === null ? null : userName(state, event.data.by),
      );
    case 'TeamCreated':
      return ev.TeamCreated(event.data.name, event.data.origin === 'qr');
    case 'TeamJoined':
      return ev.TeamJoined(
        userName(state, event.data.userId),
        teamName(state, event.data.teamId),
        t.replay.joinVia[event.data.via] ?? event.data.via,
      );
    case 'TeamEdited':
    case 'TeamInviteCreated':
    case 'TeamDeleted':
      return ev[event.type](teamName(state, event.data.teamId));
    case 'TeamPasswordChanged':
    case 'TeamInvitesEnded':
      return ev[event.type](userName(state, event.data.by), teamName(state, event.data.teamId));
    case 'TeamLeft':
      return ev.TeamLeft(userName(state, event.data.userId), teamName(state, event.data.teamId));
    case 'TeamBarLifted':
      return ev.TeamBarLifted(
        userName(state, event.data.by),
        userName(state, event.data.userId),
        teamName(state, event.data.teamId),
      );
    case 'QuizCreated':
      return ev.QuizCreated(event.data.name, event.data.content.length);
    case 'QuizEdited':
      return ev.QuizEdited(event.data.name, event.data.content.length);
    case 'TieBreakQuestionAdded':
      return ev.TieBreakQuestionAdded(
        quizName(state, event.data.quizId),
        event.data.question.round,
        event.data.question.number,
      );
    case 'NightStarted':
      return ev.NightStarted(quizName(state, event.data.quizId));
    case 'QuestionStarted':
      return ev.QuestionStarted(
        event.data.round,
        event.data.number,
        event.data.question.type,
        event.data.mode === 'single',
      );
    case 'CountdownStarted':
      return ev.CountdownStarted(event.data.seconds, formatTime(event.data.endsAt));
    case 'CountdownExpired':
      return ev.CountdownExpired(formatTime(event.data.endsAt));
    case 'QuestionEnded':
      return ev.QuestionEnded(event.data.round, event.data.number, event.data.reason === 'countdown');
    case 'AnswersLockedIn':
      return ev.AnswersLockedIn(event.data.round, event.data.number, event.data.answers.length);
    case 'LiveGameReset':
      return ev.LiveGameReset(event.data.round, event.data.number);
    case 'QuizzleAccepted':
      return ev.QuizzleAccepted(teamName(state, event.data.teamId), shorten(event.data.answer));
    case 'QuizzleRejected':
      return ev.QuizzleRejected(teamName(state, event.data.teamId), event.data.proposalKey);
    case 'ProposalAdded': {
      const { userId, teamId, key, message, chat } = event.data;
      const user = userName(state, userId);
      const team = teamName(state, teamId);
      return chat
        ? ev.TeamChatPosted(user, team, shorten(message))
        : ev.ProposalAdded(user, team, key, shorten(message));
    }
    case 'ProposalDeleted':
    case 'FavoriteChosen':
      return ev[event.type](userName(state, event.data.userId), teamName(state, event.data.teamId), event.data.key);
    case 'StarToggled': {
      const user = userName(state, event.data.userId);
      const team = teamName(state, event.data.teamId);
      return event.data.key === null ? ev.StarTakenBack(user, team) : ev.StarGiven(user, team, event.data.key);
    }
    case 'QuizzleOffered':
      return ev.QuizzleOffered(teamName(state, event.data.teamId), event.data.key, shorten(event.data.answer));
    case 'SingleAnswerSubmitted':
    case 'LobbyChatMessagePosted':
      return ev[event.type](userName(state, event.data.userId), shorten(event.data.message));
    case 'AnswerRated': {
      const { answerId, points, change, checked, liked, testerId } = event.data;
      const { answer, owner } = answerOwner(state, answerId);
      const flags = `${liked ? t.replay.likedSuffix : ''}${checked ? '' : t.replay.uncheckedSuffix}`;
      return ev.AnswerRated(
        userName(state, testerId),
        answer,
        owner,
        points,
        change === null ? '' : t.replay.changeSuffix(change),
        flags,
      );
    }
    case 'AnswersBulkRated': {
      const { regex, round, number, answerIds, mark, points } = event.data;
      return ev.AnswersBulkRated(
        regex,
        round,
        number,
        answerIds.length,
        t.replay.marks[mark] ?? mark,
        markPoints(mark, points),
      );
    }
    case 'CheckingStarted':
      return ev.CheckingStarted(userName(state, event.data.testerId), quizName(state, event.data.quizId));
    case 'HealDealChosen': {
      const { teamId, kind, targetTeamId, amount, round } = event.data;
      return ev.HealDealChosen(teamName(state, teamId), kind === 'heal', teamName(state, targetTeamId), amount, round);
    }
    case 'HealDealCalculated':
      return ev.HealDealCalculated(event.data.round, event.data.teams.length);
    case 'HealDealSettingChanged':
      return ev.HealDealSettingChanged(
        t.replay.healDealSettings[event.data.setting] ?? event.data.setting,
        event.data.round,
        event.data.value,
      );
    case 'ShipQuestionCorrected':
      return ev.ShipQuestionCorrected(event.data.round, event.data.number, event.data.results.length);
    case 'OverviewMessageSet':
      return ev.OverviewMessageSet(shorten(event.data.message));
    case 'FeatureFlagsSet':
      return ev.FeatureFlagsSet(shorten(event.data.flags));
    case 'MaintenanceStarted':
      return ev.MaintenanceStarted(formatTime(event.data.recheckAt));
    case 'MaintenanceEnded':
    case 'RegistrationsOpened':
    case 'RegistrationsClosed':
    case 'InstructionsShown':
    case 'PaintingCleared':
    case 'PointsUnpublished':
    case 'LiveStateReset':
      return ev[event.type];
    case 'UberModeChanged':
      return ev.UberModeChanged(event.data.modus);
    case 'UberMessageSet':
      return ev.UberMessageSet(shorten(event.data.message));
    case 'PaintingStrokeDrawn':
      return ev.PaintingStrokeDrawn(event.data.color);
    case 'PointsPublished':
      return ev.PointsPublished(event.data.points.sortedTeams.length);
    case 'UploadRecorded':
      return ev.UploadRecorded(
        userName(state, event.data.userId),
        event.data.fileNames.length,
        t.replay.uploadKinds[event.data.kind] ?? event.data.kind,
        event.data.question,
      );
    case 'GreetingSubmitted':
      return ev.GreetingSubmitted(event.data.name, shorten(event.data.message));
    case 'DrawingSaved':
      return ev.DrawingSaved(
        userName(state, event.data.userId),
        event.data.round,
        event.data.number,
        event.data.strokes.length,
      );
    case 'ShowSettingsChanged':
      return ev.ShowSettingsChanged(shorten(event.data.settings.newsletterUrl));
    case 'LobbyChatMessageHidden':
    case 'GreetingHidden':
      return ev[event.type](userName(state, event.data.by));
    case 'UserMuted':
      return ev.UserMuted(userName(state, event.data.by), userName(state, event.data.userId), event.data.minutes);
    case 'TeamMemberRemoved':
      return ev.TeamMemberRemoved(
        userName(state, event.data.by),
        userName(state, event.data.userId),
        teamName(state, event.data.teamId),
      );
    case 'OverlayLinkCreated':
      return ev.OverlayLinkCreated(userName(state, event.data.createdBy));
    case 'OverlayLinkRevoked':
      return ev.OverlayLinkRevoked(userName(state, event.data.revokedBy));
    case 'LobbyChatSlowModeSet':
      return ev.LobbyChatSlowModeSet(userName(state, event.data.by), event.data.seconds);
    case 'LobbyChatOpenSet':
      return ev.LobbyChatOpenSet(userName(state, event.data.by), event.data.open);
    case 'LobbyChatMessageRestored':
      return ev.LobbyChatMessageRestored(userName(state, event.data.by));
    case 'TeamRenamed':
      return ev.TeamRenamed(userName(state, event.data.by), teamName(state, event.data.teamId), event.data.name);
    case 'UserRenamed':
      return ev.UserRenamed(userName(state, event.data.by), userName(state, event.data.userId), event.data.name);
    case 'TeamLogoCleared':
      return ev.TeamLogoCleared(userName(state, event.data.by), teamName(state, event.data.teamId));
    case 'PictureHidden':
      return ev.PictureHidden(userName(state, event.data.by), event.data.fileName, event.data.hidden);
    default:
      return unreachable(event);
  }
}

/** The compiler proves every event type has a case above. */
function unreachable(event: never): string {
  return (event as { type: string }).type;
}
