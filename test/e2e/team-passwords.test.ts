import { PasswordHasher } from '../../src/identity/password-hasher';
import { migrateWriteSide } from '../../src/store/sql/migrate';
import { PgliteDatabase } from '../../src/store/sql/pglite-database';
import { TeamPasswords } from '../../src/teams/team-passwords';

/** Team passwords on the write side: the check a join (gj) gets its verdict from. */
describe('team passwords', () => {
  let db: PgliteDatabase;
  let passwords: TeamPasswords;
  let verifications: number;
  let released: string[];
  const hasher = new PasswordHasher();

  beforeAll(async () => {
    db = await PgliteDatabase.open();
    await migrateWriteSide(db);
    verifications = 0;
    passwords = await TeamPasswords.verifyingWith(
      db,
      (hash, password) => {
        verifications++;
        return hasher.verify(hash, password);
      },
      (ticket) => released.push(ticket),
    );
    await passwords.reserve('team-a', 'Die Ahnungslosen', await hasher.hash('geheim'));
  });

  afterAll(async () => {
    await db.close();
    await hasher.close();
  });

  beforeEach(() => {
    verifications = 0;
    released = [];
  });

  it("given a team, when a wrong, an empty or another team's password is tried, then none matches", async () => {
    expect(await passwords.matches('team-a', 'falsch')).toBe(false);
    expect(await passwords.matches('team-a', '')).toBe(false);
    expect(await passwords.matches('team-b', 'geheim')).toBe(false);
  });

  it('given four members joining at the same moment with the right password, then all match on one argon2 verification; a wrong one later still pays its own', async () => {
    expect(await Promise.all([1, 2, 3, 4].map(() => passwords.matches('team-a', 'geheim')))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(verifications).toBe(1);
    expect(await passwords.matches('team-a', 'geheim')).toBe(true);
    expect(verifications).toBe(1);
    expect(await passwords.matches('team-a', 'geheim ')).toBe(false);
    expect(verifications).toBe(2);
  });

  it('given members with places in the hashing queue, when their password needs no verification of their own (shared or remembered), then their places are freed; the one who verifies keeps its own', async () => {
    await passwords.reserve('team-d', 'Die Denker', await hasher.hash('denken'));
    expect(
      await Promise.all(['ws:u1:c1', 'ws:u2:c1'].map((ticket) => passwords.matches('team-d', 'denken', ticket))),
    ).toEqual([true, true]);
    expect(verifications).toBe(1);
    expect(released).toEqual(['ws:u2:c1']);
    expect(await passwords.matches('team-d', 'denken', 'ws:u3:c7')).toBe(true);
    expect(released).toEqual(['ws:u2:c1', 'ws:u3:c7']);
    // A wrong password pays its own verification and keeps its place until then.
    expect(await passwords.matches('team-d', 'falsch', 'ws:u4:c1')).toBe(false);
    expect(released).toEqual(['ws:u2:c1', 'ws:u3:c7']);
  });

  it('given the team was released, then its password no longer matches', async () => {
    await passwords.reserve('team-c', 'Quizgurus', await hasher.hash('kurz'));
    expect(await passwords.matches('team-c', 'kurz')).toBe(true);
    await passwords.release('team-c');
    expect(await passwords.matches('team-c', 'kurz')).toBe(false);
  });

  it('given a remembered right password, when the team sets a new one (gpw), then the old no longer matches; another instance that forgets it reads the new one', async () => {
    await passwords.reserve('team-e', 'Die Neuen', await hasher.hash('alt-geheim'));
    const elsewhere = await TeamPasswords.open(db, hasher);
    expect(await passwords.matches('team-e', 'alt-geheim')).toBe(true);
    expect(await elsewhere.matches('team-e', 'alt-geheim')).toBe(true);
    await passwords.setHash('team-e', await hasher.hash('neu-geheim'));
    expect(await passwords.matches('team-e', 'alt-geheim')).toBe(false);
    expect(await passwords.matches('team-e', 'neu-geheim')).toBe(true);
    elsewhere.forget('team-e'); // its TeamPasswordChanged folded there (forgetChangedTeamPasswords)
    expect(await elsewhere.matches('team-e', 'alt-geheim')).toBe(false);
    expect(await elsewhere.matches('team-e', 'neu-geheim')).toBe(true);
  });

  it('given hashes and verifications at once, some of them failing, then every one finishes (argon2 runs a few at a time)', async () => {
    const results = await Promise.all([
      hasher.verify('kein-hash', 'x'),
      hasher.hash('a'),
      hasher.verify('kein-hash', 'y'),
      hasher.hash('b'),
      hasher.hash('c'),
    ]);
    expect(results.slice(0, 1)).toEqual([false]);
    expect(results[2]).toBe(false);
    expect(await hasher.verify(results[4] as string, 'c')).toBe(true);
  });
});
