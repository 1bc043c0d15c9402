/**
 * How the socket resolves each secret a command table entry declares (`secured`, src/commands/entry.ts):
 * the rule gets only the edge's verdict, never the secret. The router hands a message whose entry
 * declares one to its handling here and holds no branch of its own per command.
 */
import type { Actor } from '../../events';
import { FUSION_TEAM_PASSWORD, teamByReference } from '../../projections/live';
import { textOf } from '../../projections/live';
import type { OneTimeTokens } from '../auth/one-time-tokens';
import { admit, invalidTextRejection, isRejection, type CommandInput, type EdgeSecret } from '../commands';
import type { CommandOutcome } from '../engine/command-pipeline';
import type { Engine } from '../engine/engine';
import { runSecured } from '../identity/secured-command';
import type { HashingLimits } from '../limits/password-hashing';
import { SOCKET_LIMIT_TEXTS, type TeamPasswordGuards } from '../limits/sockets-and-team-passwords';
import type { TeamPasswords } from '../teams/team-passwords';
import { changeTeamPassword } from '../teams/team-password-change';
import type { Credentials } from '../identity/credentials';
import type { PasswordHasher } from '../identity/password-hasher';

/** A message whose entry declares a secret, as the router hands it over. */
export interface SecuredCall {
  /** The command as the wire has it, without any verdict on a secret. */
  readonly input: CommandInput;
  readonly content: Readonly<Record<string, unknown>> | undefined;
  readonly actor: Actor & { readonly userId: string };
  readonly commandId: string | undefined;
  /** Admits and executes the command with the verdict (the router's one way to the pipeline). */
  submit(input: CommandInput): Promise<CommandOutcome>;
}

export type SecuredPart = (call: SecuredCall) => Promise<CommandOutcome>;

export interface SecuredPartsOptions {
  readonly engine: Engine;
  readonly teamPasswords: TeamPasswords;
  readonly credentials: Credentials;
  readonly guards: TeamPasswordGuards;
  /** Team password changes per user (gpw). */
  readonly hashingLimits: HashingLimits;
  /** The server's hashing queue (gpw verifies and hashes there). */
  readonly hasher: PasswordHasher;
  readonly tokens: OneTimeTokens;
}

/** Every declared secret's handling: the compiler wants one for each EdgeSecret. */
export function securedParts(options: SecuredPartsOptions): Readonly<Record<EdgeSecret, SecuredPart>> {
  return {
    teamPassword: teamPassword(options),
    inviteToken: inviteToken(options),
    teamPasswordChange: teamPasswordChange(options),
  };
}

/**
 * gj through the secured-command step (src/identity/secured-command.ts): the access checks, the team
 * lookup (after catching up: a team just created through another instance) and the per-user and
 * per-team failure limits come before the password is verified, so neither a visitor nor a guesser
 * beyond the limit costs an argon2 verification. No password, or the fusion teams' "(none)", needs none.
 */
function teamPassword({ engine, teamPasswords, guards }: SecuredPartsOptions): SecuredPart {
  return ({ input, content, actor, commandId, submit }) => {
    const userId = actor.userId;
    const password = typeof content?.password === 'string' ? content.password : '';
    let teamId: string | undefined;
    // Looked up once the dry run found the team (caught up when needed), the same for the limit and the check.
    const team = () => (teamId ??= teamByReference(engine.live.state, textOf(content?.id))?.id ?? '');
    // A resend keeps its commandId: that is its ticket for the appointment the hashing queue gave it.
    const ticket = commandId === undefined ? undefined : `ws:${userId}:${commandId}`;
    return runSecured(engine, {
      input,
      actor,
      limit: {
        take: async () =>
          (await guards.attempt(userId, team(), Date.now())) ? null : SOCKET_LIMIT_TEXTS.wrongTeamPasswords,
        giveBack: () => guards.giveBack(userId, team(), Date.now()),
      },
      proof:
        password === '' || password === FUSION_TEAM_PASSWORD
          ? undefined
          : { verdict: 'passwordOk', check: () => teamPasswords.matches(team(), password, ticket) },
      submit,
    });
  };
}

/**
 * gi: the invite its token belongs to. Content with invalid text is not looked up (the store cannot take
 * it as a parameter); nor is a command that admission refuses (maintenance, access): the token is looked
 * up only for one that may run, so a refused sender learns nothing of it and uses nothing up.
 */
function inviteToken({ engine, tokens }: SecuredPartsOptions): SecuredPart {
  return async ({ input, content, actor, submit }) => {
    if (invalidTextRejection(content) || isRejection(admit(engine.live.state, input, actor))) return submit(input);
    return submit({ ...input, inviteId: await tokens.redeem('invite', content?.token) });
  };
}

/** gpw: the sender's own password proves it, the new team password is hashed and put in place (src/teams/team-password-change.ts). */
function teamPasswordChange(options: SecuredPartsOptions): SecuredPart {
  const { engine, teamPasswords, credentials, hashingLimits, hasher } = options;
  const server = { engine, secrets: { credentials, teamPasswords }, hashingLimits, hasher };
  return ({ input, actor, content, commandId, submit }) =>
    changeTeamPassword(server, input, actor, content, commandId, submit);
}
