import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SharedWindowCounter } from '../../src/limits/shared-window-counter';
import {
  TEAMLESS_UPLOAD_QUOTA_BYTES,
  UPLOAD_LIMIT_TEXTS,
  UPLOADS_PER_USER,
  USER_UPLOAD_QUOTA_BYTES,
  UploadLimits,
  uploadOwnerOf,
  type UploadOwner,
} from '../../src/limits/uploads';
import { migrateWriteSide } from '../../src/store/sql/migrate';
import { openTestSqlDatabase, type TestSqlDatabase } from '../support/test-database';

const MB = 1024 * 1024;

describe("an owner's share of the uploads (docs/decisions/trust-third-round.md)", () => {
  let database: TestSqlDatabase;
  let uploadsDir: string;
  let limits: UploadLimits;

  beforeAll(async () => {
    database = await openTestSqlDatabase();
    await migrateWriteSide(database.db);
    uploadsDir = await mkdtemp(path.join(tmpdir(), 'quiz-shares-'));
    limits = await UploadLimits.open(
      database.db,
      uploadsDir,
      { totalBytes: 20 * 1024 * MB, minFreeBytes: 0 },
      await SharedWindowCounter.open(database.db, 'uploads', UPLOADS_PER_USER),
    );
  });
  afterAll(async () => {
    await database.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  /** Reserves MB after MB for the owner until refused: how far it got, and the refusal. */
  async function fillUp(owner: UploadOwner) {
    const reservation = limits.reservation(owner);
    for (let bytes = MB; ; bytes += MB) {
      const refusal = await reservation.grow(bytes);
      if (refusal) {
        await reservation.settle(bytes - MB);
        return { kept: bytes - MB, refusal };
      }
    }
  }

  it('given a fresh account (no team, no role), then its uploads are its own with the smaller share; with a team or a role, the user share; a team upload, the team', () => {
    const fresh = { id: 'u-frisch', teamId: null, roles: [] };
    expect(uploadOwnerOf('user', fresh)).toEqual({ id: 'u-frisch', kind: 'teamless' });
    expect(uploadOwnerOf('team', fresh)).toEqual({ id: 'u-frisch', kind: 'teamless' });
    expect(uploadOwnerOf('user', { ...fresh, teamId: 't1' })).toEqual({ id: 'u-frisch', kind: 'user' });
    expect(uploadOwnerOf('team', { ...fresh, teamId: 't1' })).toEqual({ id: 't1', kind: 'team' });
    expect(uploadOwnerOf('show', { ...fresh, roles: ['admin'] })).toEqual({ id: 'u-frisch', kind: 'user' });
    expect(uploadOwnerOf('question', { ...fresh, roles: ['moderator'] })).toEqual({ id: 'u-frisch', kind: 'user' });
  });

  it('given a fresh account, when it uploads beyond 12 MB, then it is refused in German (413) and keeps 12 MB; a member of a team keeps 20 MB of their own', async () => {
    expect(TEAMLESS_UPLOAD_QUOTA_BYTES).toBe(12 * MB);
    expect(await fillUp({ id: 'u-frisch', kind: 'teamless' })).toEqual({
      kept: TEAMLESS_UPLOAD_QUOTA_BYTES,
      refusal: {
        status: 413,
        detail:
          'Dein Speicherplatz für Bilder ist voll (höchstens 12 MB, solange du in keinem Team bist). Bitte wende dich an das Quiz-Team.',
      },
    });
    expect(await fillUp({ id: 'u-mitglied', kind: 'user' })).toEqual({
      kept: USER_UPLOAD_QUOTA_BYTES,
      refusal: { status: 413, detail: UPLOAD_LIMIT_TEXTS.userQuota },
    });
    expect(await limits.usage('u-frisch')).toBe(TEAMLESS_UPLOAD_QUOTA_BYTES);
  });
});
