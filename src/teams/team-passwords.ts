import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '../identity/password-hasher';
import { UniqueNames } from '../identity/unique-names';
import type { SqlDatabase } from '../store/sql/sql-database';
import { dropOldest } from '../../projections/live/state/present';

/**
 * Team names (unique regardless of case) with the teams' password hashes (UniqueNames): a name is
 * reserved before the TeamCreated event is appended, so two teams never get the same name.
 */
export const TEAM_PASSWORDS_TABLE = {
  table: 'team_passwords',
  ownerColumn: 'team_id',
  keyColumn: 'name_key',
  timeColumn: 'created_at',
} as const;

/** Teams whose hash and last verified password are remembered; beyond it the oldest are forgotten. */
const REMEMBERED_TEAMS = 20_000;

export class TeamPasswords {
  /** teamId → its hash: set when the name is reserved, changed by gpw (setHash here, forget on the other instances). */
  private readonly hashes = new Map<string, string>();
  /** teamId → the hash and a keyed digest of the password last verified against it. */
  private readonly verified = new Map<string, { hash: string; digest: Buffer }>();
  /** The digests' key: this process's own, never stored. */
  private readonly digestKey = randomBytes(32);
  /** Verifications under way, by team and digest: members joining at the same moment share one. */
  private readonly verifying = new Map<string, Promise<boolean>>();

  private constructor(
    private readonly names: UniqueNames,
    private readonly verify: (hash: string, password: string, ticket?: string) => Promise<boolean>,
    private readonly releasePlace: (ticket: string) => void,
  ) {}

  /**
   * Verifies in the server's hashing queue (`hasher`) as background work: a flood of wrong team
   * passwords may hold only half the queue.
   */
  static async open(db: SqlDatabase, hasher: PasswordHasher): Promise<TeamPasswords> {
    return TeamPasswords.verifyingWith(
      db,
      (hash, password, ticket) => hasher.verify(hash, password, { priority: 'background', ticket }),
      (ticket) => hasher.release(ticket),
    );
  }

  /** `verify`: the argon2 verification (a test counts the calls); `releasePlace`: a ticket's place in the queue given back. */
  static async verifyingWith(
    db: SqlDatabase,
    verify: (hash: string, password: string, ticket?: string) => Promise<boolean>,
    releasePlace: (ticket: string) => void,
  ): Promise<TeamPasswords> {
    return new TeamPasswords(await UniqueNames.open(db, TEAM_PASSWORDS_TABLE), verify, releasePlace);
  }

  /** Reserves the name for the team; false when another team holds it. */
  async reserve(teamId: string, name: string, passwordHash: string): Promise<boolean> {
    return this.names.reserve(teamId, name, passwordHash);
  }

  /** Gives the name back (the team was not created after all, or was deleted). */
  async release(teamId: string): Promise<void> {
    this.hashes.delete(teamId);
    this.verified.delete(teamId);
    await this.names.release(teamId);
  }

  /** The team's new password (gpw), stored before its TeamPasswordChanged event; this instance forgets the old at once. */
  async setHash(teamId: string, passwordHash: string): Promise<void> {
    this.forget(teamId);
    await this.names.setHash(teamId, passwordHash);
  }

  /** Another instance changed the team's password (its TeamPasswordChanged folded here): the remembered hash is stale. */
  forget(teamId: string): void {
    this.hashes.delete(teamId);
    this.verified.delete(teamId);
  }

  async hashOf(teamId: string): Promise<string | null> {
    const known = this.hashes.get(teamId);
    if (known !== undefined) return known;
    const hash = await this.names.hashOf(teamId);
    if (hash !== null) remember(this.hashes, teamId, hash);
    return hash;
  }

  /**
   * Whether the password is the team's. The members of a team join with the same password: once
   * it was verified against the argon2 hash, the next member's is compared by a keyed digest instead
   * of another argon2 verification (the key is this process's, so the digest is worth nothing outside
   * it). A wrong password always pays the full argon2 verification. Members arriving while it runs wait
   * for that one verification instead of queueing their own (single flight, keyed by the team and the
   * keyed digest: the candidate password itself is never a key). `ticket`: the caller's appointment
   * with the hashing queue (HashingQueue), used when this call starts the verification, and given back
   * when it needs none (remembered, or another member's under way): its place must not hold up the line.
   */
  async matches(teamId: string, password: string, ticket?: string): Promise<boolean> {
    if (password === '') return false;
    const hash = await this.hashOf(teamId);
    if (hash === null) return false;
    const digest = createHmac('sha256', this.digestKey).update(hash).update('\0').update(password).digest();
    const known = this.verified.get(teamId);
    if (known && known.hash === hash && timingSafeEqual(known.digest, digest)) {
      if (ticket !== undefined) this.releasePlace(ticket);
      return true;
    }
    const attempt = `${teamId}\0${digest.toString('base64')}`;
    let verification = this.verifying.get(attempt);
    if (verification) {
      if (ticket !== undefined) this.releasePlace(ticket);
    } else {
      verification = this.verify(hash, password, ticket)
        .then((valid) => {
          if (valid) remember(this.verified, teamId, { hash, digest });
          return valid;
        })
        .finally(() => this.verifying.delete(attempt));
      this.verifying.set(attempt, verification);
    }
    return verification;
  }
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > REMEMBERED_TEAMS) dropOldest(map);
}
