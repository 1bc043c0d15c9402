/**
 * The secured-command step (ARCHITECTURE.md rule 16): every command that carries a secret (a new
 * password, the current one, a team's password) runs through here, from HTTP and from the socket
 * alike. The order, and why (docs/decisions/secured-command-step.md):
 *
 * 1. a limit that counts every attempt (`countsRefused`), refused ones too;
 * 2. dry run: the command's own rule against the live state, as if the secret checked out; a refusal
 *    is checked once more after catching up (it stands only against everything stored), and then
 *    answered: a command that would be refused costs no hash;
 * 3. a limit of hashing (per user, per team): counted only when a hash or a verification follows;
 * 4. verify the secret the sender proves (the rule gets only the verdict; one that does not check out
 *    goes to the rule at once, which refuses it: nothing is hashed or stored), then hash the new
 *    password, both in the hashing queue (src/identity/password-hasher.ts: appointments, HashingBusy);
 * 5. store what the event relies on (the credential): reserve the unique name with its hash, or put
 *    the new hash in place of the old;
 * 6. submit the command through the pipeline (each `after` step first reads what it will need);
 * 7. refused: undo step 5 (give the name back, put the old hash back); accepted: the `after` steps, in
 *    order, do what the command's events call for outside the log (an erasure's clean-up, an upload's
 *    files moved into place, a deleted team's name given back), in the manner of Emmett's middleware.
 *
 * It is the one runner of every edge action of more than one step: a command without a secret, a limit
 * or a credential (an upload, a team's deletion) skips steps 1 to 5 and runs only 6 and 7.
 *
 * The hash is stored before the event, never after: once the event is in the log (a user registered,
 * older tokens ended by UserPasswordChanged) the password it relies on works on every instance, and a
 * crash between the two leaves the account with a password that works (the new one, or for a
 * registration a reserved login nobody holds), never without one.
 */
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../events';
import { present } from '../../projections/live/state/present';
import { decideInput, reject, type CommandInput, type EdgeVerdict, type Rejection } from '../commands';
import type { Engine } from '../engine/engine';
import type { CommandOutcome } from '../engine/command-pipeline';
import type { TeamPasswords } from '../teams/team-passwords';
import type { Credential, Credentials } from './credentials';
import type { PasswordHasher } from './password-hasher';
import { SHARED_TEXTS } from '../../wire/shared-texts';

export interface SecuredLimit {
  /** Counts the attempt; the German refusal (answered as `limited`: HTTP 429) when beyond the limit. */
  take(): Promise<string | null> | string | null;
  /**
   * Every attempt counts, refused ones too: taken before the dry run. For what goes into the log from
   * anyone (registrations, QR teams per address): it bounds what a script tries and learns ("taken").
   */
  countsRefused?: boolean;
  /** A limit of failed checks (gj): the attempt is given back when the secret matched or was never checked. */
  giveBack?(): Promise<void>;
}

/** A secret the sender proves they know, verified in the hashing queue; the rule gets only the verdict. */
export interface SecretProof {
  readonly verdict: keyof Pick<EdgeVerdict, 'passwordOk' | 'currentPasswordOk' | 'resetLinkOk'>;
  check(): Promise<boolean>;
}

/** What the event relies on, stored before it (step 5) and undone when the command is refused (step 7). */
export interface CredentialWrite {
  /** The refusal when the name is taken. `hash`: the new password's, null when the command has none. */
  write(hash: string | null): Promise<Rejection | null>;
  /**
   * The command was refused (`refused`), or its outcome is unknown (`unknown`: the pipeline threw, the
   * event may be stored). A reserved name stays reserved when unknown: two owners must never share it.
   */
  undo(outcome: 'refused' | 'unknown'): Promise<void>;
}

export interface SecuredCommand {
  /** The command as the edge has it (wire-shaped), without any verdict on a secret. */
  readonly input: CommandInput;
  readonly actor: Actor;
  /** The id the rule gives the new user or team: reserved with its name before the event (ExecuteOptions.reservedIds). */
  readonly newId?: string;
  readonly limit?: SecuredLimit;
  readonly proof?: SecretProof;
  /** The new password, hashed in the server's hashing queue (`hasher`); `ticket`: the caller's appointment there. */
  readonly newPassword?: { readonly hasher: PasswordHasher; readonly password: string; readonly ticket?: string };
  readonly credential?: CredentialWrite;
  /** How the command is submitted; by default the pipeline's submit. */
  readonly submit?: (input: CommandInput) => Promise<CommandOutcome>;
  /** Work outside the log the command calls for once accepted, in order (step 7). */
  readonly after?: readonly AfterStep[];
}

/** An accepted command's outcome: its events, stored. */
export type Accepted = Extract<CommandOutcome, { ok: true }>;

/**
 * Work outside the log that an accepted command calls for, run after its events are stored (the log
 * first: a crash in between leaves work a start or a retry finishes, never a record of work undone).
 */
export interface AfterStep {
  /** Right before the command is submitted: reads what `run` needs and the events will take away. */
  before?(): Promise<void>;
  run(accepted: Accepted): Promise<void>;
}

/** Runs the step (see the top of this file); HashingBusy from the hashing queue is thrown on to the edge. */
export async function runSecured(engine: Engine, command: SecuredCommand): Promise<CommandOutcome> {
  const { input, actor, limit, proof, newPassword, credential } = command;
  const limited = async (counting: SecuredLimit) => {
    const text = await counting.take();
    return text === null ? null : reject(text, 'limited');
  };
  const hashes = proof !== undefined || newPassword !== undefined;
  if (limit?.countsRefused) {
    const refused = await limited(limit);
    if (refused) return refused;
  }
  // The dry run spares what a refusal would waste: a hash, a stored credential, a counted attempt.
  const refused = hashes || credential || limit ? await dryRun(engine, command) : null;
  if (refused) return refused;
  if (limit && !limit.countsRefused && hashes) {
    const beyond = await limited(limit);
    if (beyond) return beyond;
  }
  const submit =
    command.submit ??
    ((secured: CommandInput) =>
      engine.pipeline.submit(secured, actor, { reservedIds: command.newId ? [command.newId] : [] }));
  const proven = proof ? await checked(proof, limit) : true;
  const verdict: EdgeVerdict = proof ? { [proof.verdict]: proven } : {};
  const after = command.after ?? [];
  const submitted = async () => {
    for (const step of after) await step.before?.();
    return submit({ ...input, ...verdict });
  };
  const accepted = async (outcome: CommandOutcome) => {
    if (outcome.ok) for (const step of after) await step.run(outcome);
    return outcome;
  };
  // A secret that did not check out: the rule refuses it with its own text; nothing is hashed or stored.
  if (!proven) return accepted(await submitted());
  const hash = newPassword ? await newPassword.hasher.hash(newPassword.password, { ticket: newPassword.ticket }) : null;
  const taken = await credential?.write(hash);
  if (taken) return taken;
  const outcome = await submitted().catch(async (error: unknown) => {
    await credential?.undo('unknown');
    throw error;
  });
  if (!outcome.ok) await credential?.undo('refused');
  return accepted(outcome);
}

/** Step 2: the rule as if the secret checked out; a refusal only if it stands after catching up. */
async function dryRun(engine: Engine, { input, actor, proof, newId }: SecuredCommand): Promise<Rejection | null> {
  const assumed = { ...input, ...(proof ? { [proof.verdict]: true } : {}) };
  const id = newId ?? randomUUID();
  const decideNow = () =>
    decideInput(engine.live.state, assumed, { now: Date.now(), actor, newId: () => id, commandId: id });
  if (decideNow().ok) return null;
  await engine.live.catchUp();
  const decision = decideNow();
  return decision.ok ? null : decision;
}

/** Step 4's verification; a failure limit gets the attempt back when the secret matched or was never checked. */
async function checked(proof: SecretProof, limit: SecuredLimit | undefined): Promise<boolean> {
  let ok: boolean;
  try {
    ok = await proof.check();
  } catch (error) {
    await limit?.giveBack?.();
    throw error;
  }
  if (ok) await limit?.giveBack?.();
  return ok;
}

/** The new password's hash, for a write that stores one (its command carries `newPassword`). */
function newHash(hash: string | null): string {
  return present(hash, "the new password's hash (the command carries no newPassword)");
}

/** A new user's login, reserved (unique regardless of case) with the password's hash. */
export function reservedLogin(credentials: Credentials, userId: string, login: string): CredentialWrite {
  return {
    write: async (hash) =>
      (await credentials.create(userId, login, newHash(hash))) ? null : reject(SHARED_TEXTS.loginTaken, 'conflict'),
    undo: async (outcome) => {
      if (outcome === 'refused') await credentials.remove(userId);
    },
  };
}

/** A new team's name, reserved (unique regardless of case) with the password's hash, or NO_PASSWORD for a QR team. */
export function reservedTeamName(teamPasswords: TeamPasswords, teamId: string, name: string): CredentialWrite {
  return {
    write: async (hash) =>
      (await teamPasswords.reserve(teamId, name, hash ?? NO_PASSWORD))
        ? null
        : reject(SHARED_TEXTS.teamNameTaken, 'conflict'),
    undo: async (outcome) => {
      if (outcome === 'refused') await teamPasswords.release(teamId);
    },
  };
}

/** A deleted team's name is free again: its reservation goes once TeamDeleted is stored. */
export function releasedTeamName(teamPasswords: TeamPasswords, teamId: string): AfterStep {
  return { run: () => teamPasswords.release(teamId) };
}

/**
 * A user's new hash in place of the old, before the event that ends their older tokens: once
 * UserPasswordChanged is in the log, the new password works on every instance. Refused, or failed
 * with the outcome unknown, the old hash goes back (the old password works, as it did).
 */
export function replacedPassword(credentials: Credentials, userId: string): CredentialWrite {
  let previous: Credential | null = null;
  return {
    write: async (hash) => {
      previous = await credentials.findByUserId(userId);
      if (previous) await credentials.setPassword(userId, newHash(hash));
      return null;
    },
    undo: async () => {
      if (previous) await credentials.setPassword(userId, previous.passwordHash);
    },
  };
}

/**
 * A team's new password hash in place of the old (gpw), before TeamPasswordChanged: once the event is
 * in the log, only the new password joins. Refused, or failed with the outcome unknown, the old goes back.
 * `teamId`: read when the hash is written (after the dry run found the sender in a team).
 */
export function replacedTeamPassword(teamPasswords: TeamPasswords, teamId: () => string | null): CredentialWrite {
  let previous: { teamId: string; hash: string } | null = null;
  return {
    write: async (hash) => {
      const id = teamId();
      const old = id === null ? null : await teamPasswords.hashOf(id);
      if (id === null || old === null) return reject(SHARED_TEXTS.teamSaveFailed, 'precondition');
      previous = { teamId: id, hash: old };
      await teamPasswords.setHash(id, newHash(hash));
      return null;
    },
    undo: async () => {
      if (previous) await teamPasswords.setHash(previous.teamId, previous.hash);
    },
  };
}

/** Not an argon2 hash: no password ever verifies against it (a QR team's members join through the host). */
export const NO_PASSWORD = '!no-password';

/** The current password, as the sender typed it, against the user's hash (a new password or an erasure needs it). */
export function currentPasswordProof(
  hasher: PasswordHasher,
  credentials: Credentials,
  userId: string,
  typed: unknown,
): SecretProof {
  return {
    verdict: 'currentPasswordOk',
    check: async () => {
      const credential = await credentials.findByUserId(userId);
      const current = typeof typed === 'string' ? typed : '';
      return credential !== null && current !== '' && hasher.verify(credential.passwordHash, current);
    },
  };
}
