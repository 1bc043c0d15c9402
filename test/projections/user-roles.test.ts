import { ALL_PROJECTORS } from '../../projections/read';
import { clean, DATABASES, EventFactory, project, type TestDatabase } from './support';

describe.each(DATABASES)('read_users on %s: roles follow UserRolesChanged', (_kind, open) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await clean(t);
  });

  it('given a registered player, when an admin grants and then changes roles, then the row holds the last roles', async () => {
    const f = new EventFactory({ userId: 'admin', roles: ['admin'] });
    const changedBy = { kind: 'admin' as const, userId: 'admin' };
    const events = [
      f.make('UserRegistered', { userId: 'lena', login: 'lena', name: 'Lena', email: null, roles: [] }),
      f.make('UserRolesChanged', { userId: 'lena', roles: ['tester'], previousRoles: [], changedBy }),
      f.make('UserRolesChanged', {
        userId: 'lena',
        roles: ['moderator', 'tester'],
        previousRoles: ['tester'],
        changedBy,
      }),
    ];
    await project(t, events, ALL_PROJECTORS, 1);
    const [row] = await t.db.query<{ roles: string[]; updated_at: Date }>(
      'SELECT roles, updated_at FROM read_users WHERE id = $1',
      ['lena'],
    );
    expect(row).toEqual({ roles: ['moderator', 'tester'], updated_at: new Date(events[2]!.metadata.recordedAt) });
  });
});
