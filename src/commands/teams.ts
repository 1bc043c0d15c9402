import { streams } from '../../events';
import { MAX_NAME_LENGTH, hostOfflineText, isFusionTeam, nextTeamNumber, teamByReference, uniqueNameKey, type LiveState } from '../../projections/live';
import type {
  CreateQrTeam, CreateTeam, CreateTeamInviteAsAdmin, DeleteTeam, EditTeam, JoinTeam, JoinTeamByInvite,
} from './commands';
import { accept, draft, isRejection, reject, type DecisionContext, type Verdict } from './decision';
import { requireTeamMember, requireUser } from './guards';
import { texts } from './texts';

function teamNameTaken(state: LiveState, name: string): boolean {
  return state.teamIdByName.has(uniqueNameKey(name));
}

/** The create-team dialog: registrations must be open and names unique (the table's parser checked the fields). */
export function createTeam(state: LiveState, cmd: CreateTeam, ctx: DecisionContext): Verdict {
  const user = requireUser(state, ctx);
  if (isRejection(user)) return user;
  if (!state.show.allowNewRegistrations) return reject(texts.teamCreationFailed, 'forbidden');
  const { name, stadt, beschreibung, url } = cmd;
  if (teamNameTaken(state, name)) return reject(texts.teamNameTaken, 'conflict');
  const teamId = ctx.newId();
  return accept(
    streams.team(teamId),
    draft('TeamCreated', {
      teamId, name, stadt, beschreibung, url, isNew: false, origin: 'dialog', expectedMembers: null, createdBy: user.id, number: nextTeamNumber(state),
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
  if (!state.show.allowNewRegistrations) return reject(texts.registrationsClosed, 'precondition');
  if (name.length > MAX_NAME_LENGTH) return reject(texts.formFailed);
  if (cmd.moderatorOnline !== true) return reject(hostOfflineText(state.showSettings.qrHostName), 'precondition');
  if (teamNameTaken(state, name)) return reject(texts.teamNameTaken, 'conflict');
  const teamId = ctx.newId();
  return accept(streams.team(teamId), draft('TeamCreated', {
    teamId, name, stadt: '', beschreibung: '', url: '', isNew: true, origin: 'qr', expectedMembers, createdBy: ctx.actor.userId,
    number: nextTeamNumber(state),
  }));
}

/**
 * gj: the team by its id or its short number; fusion teams are joined with the password "(none)",
 * other teams need the gateway's password check.
 */
export function joinTeam(state: LiveState, cmd: JoinTeam, ctx: DecisionContext): Verdict {
  const user = requireUser(state, ctx);
  if (isRejection(user)) return user;
  const team = teamByReference(state, cmd.team);
  if (!team) return reject(texts.teamJoinFailed, 'not_found');
  const fusion = isFusionTeam(team.name) && cmd.fusionPassword;
  if (!fusion && cmd.passwordOk !== true) return reject(texts.teamJoinFailed, 'forbidden');
  return accept(streams.team(team.id), draft('TeamJoined', { teamId: team.id, userId: user.id, via: fusion ? 'fusion' : 'password' }));
}

export function joinTeamByInvite(state: LiveState, cmd: JoinTeamByInvite, ctx: DecisionContext): Verdict {
  const user = requireUser(state, ctx);
  if (isRejection(user)) return user;
  const teamId = cmd.inviteId ? state.invites.get(cmd.inviteId) : undefined;
  if (!teamId || !state.teams.has(teamId)) return reject(texts.teamJoinFailed, 'not_found');
  return accept(streams.team(teamId), draft('TeamJoined', { teamId, userId: user.id, via: 'invite' }));
}

export function createTeamInvite(state: LiveState, _cmd: unknown, ctx: DecisionContext): Verdict {
  const member = requireTeamMember(state, ctx);
  if (isRejection(member)) return member;
  return accept(streams.team(member.team.id), draft('TeamInviteCreated', { inviteId: ctx.newId(), teamId: member.team.id }));
}

export function createTeamInviteAsAdmin(state: LiveState, { teamId }: CreateTeamInviteAsAdmin, ctx: DecisionContext): Verdict {
  if (!state.teams.has(teamId)) return reject(texts.notFound(teamId), 'not_found');
  return accept(streams.team(teamId), draft('TeamInviteCreated', { inviteId: ctx.newId(), teamId }));
}

/** gu: members edit the logo url, city and description; the name stays. */
export function editTeam(state: LiveState, cmd: EditTeam, ctx: DecisionContext): Verdict {
  const member = requireTeamMember(state, ctx, texts.teamSaveFailed);
  if (isRejection(member)) return member;
  const teamId = member.team.id;
  return accept(streams.team(teamId), draft('TeamEdited', { teamId, url: cmd.url, stadt: cmd.stadt, beschreibung: cmd.beschreibung }));
}

export function deleteTeam(state: LiveState, { teamId }: DeleteTeam): Verdict {
  if (!state.teams.has(teamId)) return reject(texts.notFound(teamId), 'not_found');
  return accept(streams.team(teamId), draft('TeamDeleted', { teamId }));
}
