import { streams } from '../../events';
import {
  FUSION_TEAM_PASSWORD, isFusionTeam, qrTeamAmountOf, qrTeamProblemOf, teamFormProblemOf, uniqueNameKey, type LiveState,
} from '../../projections/live';
import type {
  CreateQrTeam, CreateTeam, CreateTeamInvite, CreateTeamInviteAsAdmin, DeleteTeam, EditTeam, JoinTeam, JoinTeamByInvite,
} from './commands';
import { accept, draft, reject, type DecisionContext, type Verdict } from './decision';
import { requireRole, requireTeamMember, requireUser, textOf } from './guards';
import { texts } from './texts';

function teamNameTaken(state: LiveState, name: string): boolean {
  return state.teamIdByName.has(uniqueNameKey(name));
}

/** The create-team dialog: registrations must be open, every field is required, names are unique. */
export function createTeam(state: LiveState, cmd: CreateTeam, ctx: DecisionContext): Verdict {
  const user = requireUser(state, ctx);
  if ('ok' in user) return user;
  if (!state.show.allowNewRegistrations) return reject(texts.teamCreationFailed, 'forbidden');
  const name = textOf(cmd.name).trim();
  const stadt = textOf(cmd.stadt).trim();
  const beschreibung = textOf(cmd.beschreibung).trim();
  if (teamFormProblemOf({ name, password: textOf(cmd.password), stadt, beschreibung }) !== null) return reject(texts.teamCreationFailed);
  if (teamNameTaken(state, name)) return reject(texts.teamNameTaken, 'conflict');
  const teamId = ctx.newId();
  return accept(
    streams.team(teamId),
    draft('TeamCreated', {
      teamId, name, stadt, beschreibung, url: textOf(cmd.url), isNew: false, origin: 'dialog', expectedMembers: null, createdBy: user.id,
    }),
    draft('TeamJoined', { teamId, userId: user.id, via: 'creation' }),
  );
}

/** QR sign-up (fqps/team/new): only while a moderator is connected and registrations are open. */
export function createQrTeam(state: LiveState, cmd: CreateQrTeam, ctx: DecisionContext): Verdict {
  const name = textOf(cmd.name).trim();
  const problem = qrTeamProblemOf(name, textOf(cmd.amount));
  if (problem === 'nameMissing') return reject(texts.qrTeamNameMissing);
  if (problem === 'amountNotNumeric') return reject(texts.qrTeamAmountNotNumeric);
  if (problem === 'nameTooLong' || !state.show.allowNewRegistrations) return reject(texts.formFailed);
  const amount = qrTeamAmountOf(textOf(cmd.amount));
  if (cmd.moderatorOnline !== true) return reject(texts.moderatorOffline, 'precondition');
  if (teamNameTaken(state, name)) return reject(texts.teamNameTaken, 'conflict');
  const teamId = ctx.newId();
  return accept(streams.team(teamId), draft('TeamCreated', {
    teamId, name, stadt: '', beschreibung: '', url: '', isNew: true, origin: 'qr', expectedMembers: amount, createdBy: ctx.actor.userId,
  }));
}

/** gj: fusion teams are joined with the password "(none)"; other teams need the gateway's password check. */
export function joinTeam(state: LiveState, cmd: JoinTeam, ctx: DecisionContext): Verdict {
  const user = requireUser(state, ctx);
  if ('ok' in user) return user;
  const team = state.teams.get(textOf(cmd.id));
  if (!team) return reject(texts.teamJoinFailed, 'not_found');
  const fusion = isFusionTeam(team.name) && cmd.password === FUSION_TEAM_PASSWORD;
  if (!fusion && cmd.passwordOk !== true) return reject(texts.teamJoinFailed, 'forbidden');
  return accept(streams.team(team.id), draft('TeamJoined', { teamId: team.id, userId: user.id, via: fusion ? 'fusion' : 'password' }));
}

export function joinTeamByInvite(state: LiveState, cmd: JoinTeamByInvite, ctx: DecisionContext): Verdict {
  const user = requireUser(state, ctx);
  if ('ok' in user) return user;
  const teamId = cmd.inviteId ? state.invites.get(textOf(cmd.inviteId)) : undefined;
  if (!teamId || !state.teams.has(teamId)) return reject(texts.teamJoinFailed, 'not_found');
  return accept(streams.team(teamId), draft('TeamJoined', { teamId, userId: user.id, via: 'invite' }));
}

export function createTeamInvite(state: LiveState, _cmd: CreateTeamInvite, ctx: DecisionContext): Verdict {
  const member = requireTeamMember(state, ctx);
  if ('ok' in member) return member;
  return accept(streams.team(member.team.id), draft('TeamInviteCreated', { inviteId: ctx.newId(), teamId: member.team.id }));
}

export function createTeamInviteAsAdmin(state: LiveState, cmd: CreateTeamInviteAsAdmin, ctx: DecisionContext): Verdict {
  const denied = requireRole(ctx, 'admin');
  if (denied) return denied;
  const teamId = textOf(cmd.id);
  if (!state.teams.has(teamId)) return reject(texts.notFound(teamId), 'not_found');
  return accept(streams.team(teamId), draft('TeamInviteCreated', { inviteId: ctx.newId(), teamId }));
}

/** gu: members edit the logo url, city and description; the name stays. */
export function editTeam(state: LiveState, cmd: EditTeam, ctx: DecisionContext): Verdict {
  const member = requireTeamMember(state, ctx, texts.teamSaveFailed);
  if ('ok' in member) return member;
  const teamId = member.team.id;
  return accept(streams.team(teamId), draft('TeamEdited', {
    teamId, url: textOf(cmd.url).trim(), stadt: textOf(cmd.stadt).trim(), beschreibung: textOf(cmd.beschreibung).trim(),
  }));
}

export function deleteTeam(state: LiveState, cmd: DeleteTeam, ctx: DecisionContext): Verdict {
  const denied = requireRole(ctx, 'admin');
  if (denied) return denied;
  const teamId = textOf(cmd.id);
  if (!state.teams.has(teamId)) return reject(texts.notFound(teamId), 'not_found');
  return accept(streams.team(teamId), draft('TeamDeleted', { teamId }));
}
