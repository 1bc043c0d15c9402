import { migrateWriteSide } from '../../src/store/sql/migrate';
import {
  TeamPasswordGuards,
  WRONG_TEAM_PASSWORDS_PER_TEAM,
  WRONG_TEAM_PASSWORDS_PER_USER,
} from '../../src/limits/sockets-and-team-passwords';
import { openTestSqlDatabase, type TestSqlDatabase } from '../support/test-database';

/**
 * Wrong team passwords per user and per team (src/limits/sockets-and-team-passwords.ts), counted in
 * one statement per attempt on the write side's database (PGlite here, Postgres with DATABASE_URL).
 */
describe('team password guards', () => {
  let database: TestSqlDatabase;
  let guards: TeamPasswordGuards;
  const now = Date.parse('2026-11-27T20:00:00Z');
  const teamCount = async (teamId: string) =>
    (
      await database.db.query<{ count: number }>('SELECT count FROM limit_counters WHERE key = $1', [
        `gj-team ${teamId}`,
      ])
    )[0]?.count ?? 0;

  beforeAll(async () => {
    database = await openTestSqlDatabase();
    await migrateWriteSide(database.db);
    guards = await TeamPasswordGuards.open(database.db);
  });

  afterAll(async () => {
    await database.close();
  });

  it('given a user at their limit, when they try once more, then they are refused and the team does not count it', async () => {
    for (let i = 0; i < WRONG_TEAM_PASSWORDS_PER_USER.max; i++)
      expect(await guards.attempt('guesser', 'team-a', now)).toBe(true);
    expect(await teamCount('team-a')).toBe(WRONG_TEAM_PASSWORDS_PER_USER.max);
    expect(await guards.attempt('guesser', 'team-a', now)).toBe(false);
    expect(await teamCount('team-a')).toBe(WRONG_TEAM_PASSWORDS_PER_USER.max);
  });

  it('given a team beyond its limit, then an account that has not tried yet is still checked once, and its second attempt is refused', async () => {
    for (let user = 0; user * WRONG_TEAM_PASSWORDS_PER_USER.max < WRONG_TEAM_PASSWORDS_PER_TEAM.max; user++)
      for (let i = 0; i < WRONG_TEAM_PASSWORDS_PER_USER.max; i++) await guards.attempt(`crowd-${user}`, 'team-b', now);
    expect(await teamCount('team-b')).toBe(WRONG_TEAM_PASSWORDS_PER_TEAM.max);
    expect(await guards.attempt('honest', 'team-b', now)).toBe(true);
    expect(await guards.attempt('honest', 'team-b', now)).toBe(false);
  });

  it('given an attempt given back (the password was right), then neither the user nor the team counts it', async () => {
    expect(await guards.attempt('member', 'team-c', now)).toBe(true);
    await guards.giveBack('member', 'team-c', now);
    expect(await teamCount('team-c')).toBe(0);
    for (let i = 0; i < WRONG_TEAM_PASSWORDS_PER_USER.max; i++)
      expect(await guards.attempt('member', 'team-c', now)).toBe(true);
  });

  it('given the window has ended, then both counts start afresh', async () => {
    expect(await guards.attempt('guesser', 'team-a', now + WRONG_TEAM_PASSWORDS_PER_USER.windowMs)).toBe(true);
    expect(await teamCount('team-a')).toBe(1);
  });
});
