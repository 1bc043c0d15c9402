import { streams } from '../../events';
import {
  FUSION_TEAM_PASSWORD,
  MAX_NAME_LENGTH,
  TEAM_PASSWORD_MIN_LENGTH,
  firstTooLong,
  hostOfflineText,
  isFusionTeam,
  nextTeamNumber,
  qrTeamAmountOf,
  qrTeamProblemOf,
  teamByReference,
  teamFormProblemOf,
  teamUrlProblem,
  uniqueNameKey,
  type LiveState,
} from '../../projections/live';
import { accept, draft, isRejection, reject, type DecisionContext, type Verdict } from './decision';
import { ADMIN, SHOW, TEAMS, member, own, trimmed, type Entries } from './entry';
import { textOf } from './fields';
import { requireTeamMember, requireUser } from './guards';
import { texts } from './texts';
import { SHARED_TEXTS } from '../../wire/shared-texts';

export interface CreateTeam {
  type: 'CreateTeam';
  name: string;
  stadt: string;
  beschreibung: string;
  url: string;
}
/** fqps/team/new: QR sign-up by a visitor. `moderatorOnline`: the edge's verdict from live connections. */
export interface CreateQrTeam {
  type: 'CreateQrTeam';
  name: string;
  expectedMembers: number | null;
  moderatorOnline: boolean;
}
/**
 * gj: `team` is the team's id or its short number as sent (see teamByReference); `passwordOk` is the
 * edge's verdict on the password against the write side's hash of that team.
 */
export interface JoinTeam {
  type: 'JoinTeam';
  team: string;
  passwordOk: boolean;
  fusionPassword: boolean;
}
/** gi: the edge resolved the token to its invite id (null: unknown token). */
export interface JoinTeamByInvite {
  type: 'JoinTeamByInvite';
  inviteId: string | null;
}
/** gl: a member creates an invite for the own team. */
export interface CreateTeamInvite {
  type: 'CreateTeamInvite';
}
/** ati: admin creates an invite for any team. */
export interface CreateTeamInviteAsAdmin {
  type: 'CreateTeamInviteAsAdmin';
  teamId: string;
}
/** gu */
export interface EditTeam {
  type: 'EditTeam';
  url: string;
  stadt: string;
  beschreibung: string;
}
/** DELETE /api/teams/:id (the admin's "Alle Teams löschen" deletes one by one). */
export interface DeleteTeam {
  type: 'DeleteTeam';
  teamId: string;
}
/**
 * gpw: a member sets the team's new password; `currentPasswordOk` is the edge's verdict on the
 * sender's own account password (docs/decisions/team-self-protection.md). The hash is the edge's.
 */
export interface ChangeTeamPassword {
  type: 'ChangeTeamPassword';
  newPasswordLength: number;
  currentPasswordOk: boolean;
}
/** glr: a member ends the team's invite links. */
export interface EndTeamInvites {
  type: 'EndTeamInvites';
}
/** gx: a member leaves the team. */
export interface LeaveTeam {
  type: 'LeaveTeam';
}
/** gr: a member takes out a member who joined after them. */
export interface RemoveTeamMate {
  type: 'RemoveTeamMate';
  userId: string;
}
/** The commands of this file, as their rules receive them: teamEntries holds one entry for each. */
export type TeamCommand =
  | CreateTeam
  | CreateQrTeam
  | JoinTeam
  | JoinTeamByInvite
  | CreateTeamInvite
  | CreateTeamInviteAsAdmin
  | EditTeam
  | DeleteTeam
  | ChangeTeamPassword
  | EndTeamInvites
  | LeaveTeam
  | RemoveTeamMate;

/** The refusals of these commands (verbatim where the spec has them, typos included). */
export const TEAM_COMMAND_TEXTS = {
  // from the spec, verbatim
  qrTeamNameMissing: SHARED_TEXTS.qrTeamNameMissing,
  registrationsClosed: SHARED_TEXTS.registrationsClosed,
  qrTeamAmountNotNumeric: SHARED_TEXTS.qrTeamAmountNotNumeric,
  formFailed: SHARED_TEXTS.formFailed,
  teamNameTaken: SHARED_TEXTS.teamNameTaken,
  teamCreationFailed: SHARED_TEXTS.teamCreationFailed,
  teamPasswordTooShort: SHARED_TEXTS.teamPasswordTooShort,
  teamJoinFailed: SHARED_TEXTS.teamJoinFailed,
  teamSaveFailed: SHARED_TEXTS.teamSaveFailed,
  // ENGINE: no text in the spec (docs/decisions/team-self-protection.md)
  barredFromTeam:
    'Du wurdest aus diesem Team genommen. Du kannst erst wieder beitreten, wenn das Team sein Passwort ändert.',
  currentPasswordWrong: 'Dein Passwort fehlt oder ist falsch.',
  notATeamMate: 'Diese Person ist nicht in deinem Team.',
  joinedBeforeYou: 'Du kannst nur Mitglieder herausnehmen, die nach dir beigetreten sind.',
  notYourself: 'Um selbst zu gehen, verlasse das Team.',
} as const;

function teamNameTaken(state: LiveState, name: string): boolean {
  return state.teamIdByName.has(uniqueNameKey(name));
}

/** The create-team dialog: registrations must be open and names unique (the table's parser checked the fields). */
export function createTeam(state: LiveState, cmd: CreateTeam, ctx: DecisionContext): Verdict {
  const user = requireUser(state, ctx);
  if (isRejection(user)) return user;
  if (!state.show.allowNewRegistrations) return reject(TEAM_COMMAND_TEXTS.teamCreationFailed, 'forbidden');
  const { name, stadt, beschreibung, url } = cmd;
  if (teamNameTaken(state, name)) return reject(TEAM_COMMAND_TEXTS.teamNameTaken, 'conflict');
  const teamId = ctx.newId();
  return accept(
    streams.team(teamId),
    draft('TeamCreated', {
      teamId,
      name,
      stadt,
      beschreibung,
      url,
      isNew: false,
      origin: 'dialog',
      expectedMembers: null,
      createdBy: user.id,
      number: nextTeamNumber(state),
    }),
    draft('TeamJoined', { teamId, userId: user.id, via: 'creation' }),
  );
}

/**
 * QR sign-up (fqps/team/new): only while a moderator is connected and registrations are open. The
 * spec's "Olafs Laptop ist im Moment nicht verbunden." names the show's host (show settings).
 */
export function createQrTeam(state: LiveState, cmd: CreateQrTeam, ctx: DecisionContext): Verdict {
  const { name, expectedMembers } = cmd;
  if (!state.show.allowNewRegistrations) return reject(TEAM_COMMAND_TEXTS.registrationsClosed, 'precondition');
  if (name.length > MAX_NAME_LENGTH) return reject(TEAM_COMMAND_TEXTS.formFailed);
  if (cmd.moderatorOnline !== true) return reject(hostOfflineText(state.showSettings.qrHostName), 'precondition');
  if (teamNameTaken(state, name)) return reject(TEAM_COMMAND_TEXTS.teamNameTaken, 'conflict');
  const teamId = ctx.newId();
  return accept(
    streams.team(teamId),
    draft('TeamCreated', {
      teamId,
      name,
      stadt: '',
      beschreibung: '',
      url: '',
      isNew: true,
      origin: 'qr',
      expectedMembers,
      createdBy: ctx.actor.userId,
      number: nextTeamNumber(state),
    }),
  );
}

/**
 * gj: the team by its id or its short number; fusion teams are joined with the password "(none)",
 * other teams need the gateway's password check.
 */
export function joinTeam(state: LiveState, cmd: JoinTeam, ctx: DecisionContext): Verdict {
  const user = requireUser(state, ctx);
  if (isRejection(user)) return user;
  const team = teamByReference(state, cmd.team);
  if (!team) return reject(TEAM_COMMAND_TEXTS.teamJoinFailed, 'not_found');
  if (team.barredIds.includes(user.id)) return reject(TEAM_COMMAND_TEXTS.barredFromTeam, 'forbidden');
  const fusion = isFusionTeam(team.name) && cmd.fusionPassword;
  if (!fusion && cmd.passwordOk !== true) return reject(TEAM_COMMAND_TEXTS.teamJoinFailed, 'forbidden');
  return accept(
    streams.team(team.id),
    draft('TeamJoined', { teamId: team.id, userId: user.id, via: fusion ? 'fusion' : 'password' }),
  );
}

export function joinTeamByInvite(state: LiveState, cmd: JoinTeamByInvite, ctx: DecisionContext): Verdict {
  const user = requireUser(state, ctx);
  if (isRejection(user)) return user;
  const teamId = cmd.inviteId ? state.invites.get(cmd.inviteId) : undefined;
  const team = teamId ? state.teams.get(teamId) : undefined;
  if (!team) return reject(TEAM_COMMAND_TEXTS.teamJoinFailed, 'not_found');
  if (team.barredIds.includes(user.id)) return reject(TEAM_COMMAND_TEXTS.barredFromTeam, 'forbidden');
  return accept(streams.team(team.id), draft('TeamJoined', { teamId: team.id, userId: user.id, via: 'invite' }));
}

export function createTeamInvite(state: LiveState, _cmd: unknown, ctx: DecisionContext): Verdict {
  const member = requireTeamMember(state, ctx);
  if (isRejection(member)) return member;
  return accept(
    streams.team(member.team.id),
    draft('TeamInviteCreated', { inviteId: ctx.newId(), teamId: member.team.id }),
  );
}

export function createTeamInviteAsAdmin(
  state: LiveState,
  { teamId }: CreateTeamInviteAsAdmin,
  ctx: DecisionContext,
): Verdict {
  if (!state.teams.has(teamId)) return reject(texts.notFound(teamId), 'not_found');
  return accept(streams.team(teamId), draft('TeamInviteCreated', { inviteId: ctx.newId(), teamId }));
}

/**
 * gu: members edit the logo url (https, or an upload of their team), city and description; the name
 * stays. Saving what is already there appends nothing.
 */
export function editTeam(state: LiveState, cmd: EditTeam, ctx: DecisionContext): Verdict {
  const member = requireTeamMember(state, ctx, TEAM_COMMAND_TEXTS.teamSaveFailed);
  if (isRejection(member)) return member;
  const { team } = member;
  const { url, stadt, beschreibung } = cmd;
  if (url !== team.url) {
    const problem = teamUrlProblem(url, team.id);
    if (problem) return reject(problem);
  }
  if (url === team.url && stadt === team.stadt && beschreibung === team.beschreibung)
    return accept(streams.team(team.id));
  return accept(streams.team(team.id), draft('TeamEdited', { teamId: team.id, url, stadt, beschreibung }));
}

/** The team form's text fields within their maxima (field-limits.ts), else the German refusal naming the first too long. */
function teamFieldsTooLong(stadt: string, beschreibung: string): string | null {
  return firstTooLong([
    ['teamCity', stadt],
    ['teamDescription', beschreibung],
  ]);
}

export function deleteTeam(state: LiveState, { teamId }: DeleteTeam): Verdict {
  if (!state.teams.has(teamId)) return reject(texts.notFound(teamId), 'not_found');
  return accept(streams.team(teamId), draft('TeamDeleted', { teamId }));
}

/**
 * gpw: any member, proving their own account password; the new team password has at least 6
 * characters. It ends the team's invite links and lifts its bars (TeamPasswordChanged).
 */
export function changeTeamPassword(state: LiveState, cmd: ChangeTeamPassword, ctx: DecisionContext): Verdict {
  const member = requireTeamMember(state, ctx);
  if (isRejection(member)) return member;
  if (cmd.newPasswordLength < TEAM_PASSWORD_MIN_LENGTH) return reject(TEAM_COMMAND_TEXTS.teamPasswordTooShort);
  if (!cmd.currentPasswordOk) return reject(TEAM_COMMAND_TEXTS.currentPasswordWrong, 'forbidden');
  return accept(
    streams.team(member.team.id),
    draft('TeamPasswordChanged', { teamId: member.team.id, by: member.user.id }),
  );
}

/** glr: a team without invite links of its own changes nothing. */
export function endTeamInvites(state: LiveState, _cmd: EndTeamInvites, ctx: DecisionContext): Verdict {
  const member = requireTeamMember(state, ctx);
  if (isRejection(member)) return member;
  const teamId = member.team.id;
  if (!state.invites.entries().some(([, ofTeam]) => ofTeam === teamId)) return accept(streams.team(teamId));
  return accept(streams.team(teamId), draft('TeamInvitesEnded', { teamId, by: member.user.id }));
}

/** gx: the member is in no team afterwards (the team selection again); the team stays, even when empty. */
export function leaveTeam(state: LiveState, _cmd: LeaveTeam, ctx: DecisionContext): Verdict {
  const member = requireTeamMember(state, ctx);
  if (isRejection(member)) return member;
  return accept(streams.team(member.team.id), draft('TeamLeft', { teamId: member.team.id, userId: member.user.id }));
}

/**
 * gr: a member takes out one who joined after them (the team's first members can always clear out
 * an intruder; an intruder cannot take out those who were there first). Barred like mtr.
 */
export function removeTeamMate(state: LiveState, { userId }: RemoveTeamMate, ctx: DecisionContext): Verdict {
  const member = requireTeamMember(state, ctx);
  if (isRejection(member)) return member;
  const { team, user } = member;
  if (userId === user.id) return reject(TEAM_COMMAND_TEXTS.notYourself, 'precondition');
  const theirs = team.memberIds.indexOf(userId);
  if (theirs < 0) return reject(TEAM_COMMAND_TEXTS.notATeamMate, 'not_found');
  if (theirs < team.memberIds.indexOf(user.id)) return reject(TEAM_COMMAND_TEXTS.joinedBeforeYou, 'forbidden');
  return accept(streams.team(team.id), draft('TeamMemberRemoved', { teamId: team.id, userId, by: user.id }));
}

export const teamEntries = {
  CreateTeam: {
    access: 'user',
    parse: (c) => {
      const form = {
        name: textOf(c.name),
        password: textOf(c.password),
        stadt: textOf(c.stadt),
        beschreibung: textOf(c.beschreibung),
      };
      const problem = teamFormProblemOf(form);
      if (problem === 'passwordTooShort') return reject(TEAM_COMMAND_TEXTS.teamPasswordTooShort);
      if (problem) return reject(TEAM_COMMAND_TEXTS.teamCreationFailed);
      const [stadt, beschreibung, url] = [trimmed(c.stadt), trimmed(c.beschreibung), trimmed(c.url)];
      const tooLong = teamFieldsTooLong(stadt, beschreibung) ?? teamUrlProblem(url, null);
      if (tooLong) return reject(tooLong);
      return { type: 'CreateTeam', name: trimmed(c.name), stadt, beschreibung, url };
    },
    boundary: member,
    rule: createTeam,
  },
  CreateQrTeam: {
    access: 'anyone',
    parse: (c) => {
      const problem = qrTeamProblemOf(textOf(c.name), textOf(c.amount));
      if (problem === 'nameMissing') return reject(TEAM_COMMAND_TEXTS.qrTeamNameMissing);
      if (problem === 'amountNotNumeric') return reject(TEAM_COMMAND_TEXTS.qrTeamAmountNotNumeric);
      // A name too long is the rule's (it answers it like closed registrations).
      return {
        type: 'CreateQrTeam',
        name: trimmed(c.name),
        expectedMembers: qrTeamAmountOf(textOf(c.amount)),
        moderatorOnline: c.moderatorOnline === true,
      };
    },
    boundary: () => [SHOW, TEAMS],
    rule: createQrTeam,
  },
  JoinTeam: {
    wire: 'gj',
    content: { id: 'string|number', password: 'string' },
    secured: 'teamPassword',
    access: 'user',
    parse: (c) => ({
      type: 'JoinTeam',
      team: textOf(c.id),
      passwordOk: c.passwordOk === true,
      fusionPassword: c.password === FUSION_TEAM_PASSWORD,
    }),
    // A team's number is written in its own stream (TeamCreated), so the team's stream is the whole boundary.
    boundary: (cmd, state, actorId) => [
      ...own(actorId),
      streams.team(teamByReference(state, cmd.team)?.id ?? cmd.team),
    ],
    rule: joinTeam,
  },
  JoinTeamByInvite: {
    wire: 'gi',
    content: { token: 'string' },
    secured: 'inviteToken',
    access: 'user',
    parse: (c) => ({ type: 'JoinTeamByInvite', inviteId: typeof c.inviteId === 'string' ? c.inviteId : null }),
    boundary: (_c, _s, actorId) => [SHOW, ...own(actorId), TEAMS],
    rule: joinTeamByInvite,
  },
  CreateTeamInvite: {
    wire: 'gl',
    content: {},
    access: 'user',
    parse: () => ({ type: 'CreateTeamInvite' }),
    boundary: member,
    rule: createTeamInvite,
  },
  CreateTeamInviteAsAdmin: {
    wire: 'ati',
    content: { id: 'string' },
    access: ADMIN,
    parse: (c) => ({ type: 'CreateTeamInviteAsAdmin', teamId: textOf(c.id) }),
    boundary: (cmd) => [SHOW, streams.team(cmd.teamId)],
    rule: createTeamInviteAsAdmin,
  },
  EditTeam: {
    wire: 'gu',
    content: { url: 'string', stadt: 'string', beschreibung: 'string' },
    access: 'user',
    parse: (c) => {
      const [url, stadt, beschreibung] = [trimmed(c.url), trimmed(c.stadt), trimmed(c.beschreibung)];
      // The url's length here (before a 2,000-character text is kept anywhere); what it may point to is the rule's (the team's uploads).
      const problem = teamFieldsTooLong(stadt, beschreibung) ?? firstTooLong([['teamUrl', url]]);
      return problem ? reject(problem) : { type: 'EditTeam', url, stadt, beschreibung };
    },
    boundary: member,
    rule: editTeam,
  },
  ChangeTeamPassword: {
    wire: 'gpw',
    secured: 'teamPasswordChange',
    content: { currentPassword: 'string', newPassword: 'string' },
    access: 'user',
    parse: (c) => ({
      type: 'ChangeTeamPassword',
      newPasswordLength: [...textOf(c.newPassword)].length,
      currentPasswordOk: c.currentPasswordOk === true,
    }),
    boundary: member,
    rule: changeTeamPassword,
  },
  EndTeamInvites: {
    wire: 'glr',
    content: {},
    access: 'user',
    parse: () => ({ type: 'EndTeamInvites' }),
    boundary: member,
    rule: endTeamInvites,
  },
  LeaveTeam: {
    wire: 'gx',
    content: {},
    access: 'user',
    parse: () => ({ type: 'LeaveTeam' }),
    boundary: member,
    rule: leaveTeam,
  },
  RemoveTeamMate: {
    wire: 'gr',
    content: { userId: 'string' },
    access: 'user',
    parse: (c) => ({ type: 'RemoveTeamMate', userId: textOf(c.userId) }),
    boundary: member,
    rule: removeTeamMate,
  },
  DeleteTeam: {
    access: ADMIN,
    parse: (c) => ({ type: 'DeleteTeam', teamId: textOf(c.id) }),
    boundary: (cmd) => [SHOW, streams.team(cmd.teamId)],
    rule: deleteTeam,
  },
} satisfies Entries<TeamCommand>;
