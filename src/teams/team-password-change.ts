/**
 * gpw, a team's new password, through the secured-command step (src/identity/secured-command.ts), as
 * gj is: the rule's dry run (a member, 6 characters at least) and a limit per user come before any
 * argon2 work; the sender's own account password is verified, the new team password hashed, its hash
 * put in place of the old, then TeamPasswordChanged appended (which ends the team's invite links and
 * lifts its bars). The socket's router reaches it through the entry's declared secret.
 */
import type { Actor } from '../../events';
import type { CommandInput } from '../commands';
import type { CommandOutcome } from '../engine/command-pipeline';
import type { LiveState } from '../../projections/live';
import { currentPasswordProof, replacedTeamPassword, runSecured } from '../identity/secured-command';
import type { HashingLimits } from '../limits/password-hashing';
import type { PasswordHasher } from '../identity/password-hasher';
import type { Engine } from '../engine/engine';
import type { Credentials } from '../identity/credentials';
import type { TeamPasswords } from './team-passwords';

/** What gpw needs of the running server (its parts, so this module does not reach runtime.ts). */
export interface TeamPasswordServer {
  readonly engine: Engine;
  readonly secrets: { readonly credentials: Credentials; readonly teamPasswords: TeamPasswords };
  /** Team password changes per user (TEAM_PASSWORD_CHANGES_PER_USER, src/limits/password-hashing.ts). */
  readonly hashingLimits: HashingLimits;
  /** The server's hashing queue: the sender's password is verified, the new team password hashed there. */
  readonly hasher: PasswordHasher;
}

/**
 * The socket's gpw (its entry declares the secret `teamPasswordChange`, src/realtime/secured-parts.ts):
 * `submit` admits and executes the command with the verdict. `commandId`: a resend keeps its place in
 * the hashing line.
 */
export function changeTeamPassword(
  runtime: TeamPasswordServer,
  input: CommandInput,
  actor: Actor & { readonly userId: string },
  content: Readonly<Record<string, unknown>> | undefined,
  commandId: string | undefined,
  submit: (input: CommandInput) => Promise<CommandOutcome>,
): Promise<CommandOutcome> {
  const userId = actor.userId;
  const newPassword = typeof content?.newPassword === 'string' ? content.newPassword : '';
  const { engine, secrets, hashingLimits, hasher } = runtime;
  return runSecured(engine, {
    input,
    actor,
    limit: { take: () => hashingLimits.teamPasswordChange(userId) },
    proof: currentPasswordProof(hasher, secrets.credentials, userId, content?.currentPassword),
    newPassword: {
      hasher,
      password: newPassword,
      ticket: commandId === undefined ? undefined : `ws:${userId}:${commandId}`,
    },
    credential: replacedTeamPassword(secrets.teamPasswords, () => engine.live.state.users.get(userId)?.teamId ?? null),
    submit,
  });
}

/**
 * Every instance forgets the hash it remembered of a team whose password changed elsewhere (the
 * TeamPasswordChanged folded here): the next gj reads the new one. Only the teams that changed are looked at.
 */
export function forgetChangedTeamPasswords(runtime: Pick<TeamPasswordServer, 'engine' | 'secrets'>): () => void {
  return runtime.engine.live.onChange((state: LiveState, previous: LiveState) => {
    if (state.teams === previous.teams) return;
    state.teams.diff(previous.teams, (teamId, team, before) => {
      if (team && before && team.passwordChanges !== before.passwordChanges)
        runtime.secrets.teamPasswords.forget(teamId);
    });
  });
}
