import { EVENT_TYPES, type QuizShowEvent } from '../../events';
import { fold, initialState, pointsOverview } from '../../projections/live';
import {
  ALL_PROJECTORS,
  answersProjector,
  GreetingRow,
  openReadDataSource,
  pointsTable,
  ProjectionRunner,
  projectionLag,
  publishedRanking,
  QuizAnswerRow,
  rebuildProjections,
  TeamRow,
  teamsTxt,
  UploadRow,
  uploadedFileNames,
  type EventLog,
  type Projector,
} from '../../projections/read';
import { quizzesProjector, teamsProjector, uploadsProjector, usersProjector } from '../../projections/read/projectors';
import { KNOWN_TEAMS_TXT, knownNight } from './known-night';
import {
  appendEvents,
  checkpoints,
  clean,
  DATABASES,
  EventFactory,
  project,
  recordedNightEvents,
  snapshot,
  type TestDatabase,
} from './support';

describe.each(DATABASES)('read projections on %s', (_kind, open) => {
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

  describe('given the known night, then the rows of every projector', () => {
    let events: QuizShowEvent[];
    beforeEach(async () => {
      events = knownNight().events;
      await project(t, events);
    });

    it('quizzes: created, edited, with the tie-break question in position', async () => {
      const quizzes = await t.db.query<{
        id: string;
        name: string;
        year_week: string;
        question_count: number;
        max_round: number;
        origin: string;
        content: { round: number; number: number }[];
      }>('SELECT * FROM read_quizzes ORDER BY id');
      expect(quizzes.map((q) => [q.id, q.name, q.year_week, q.question_count, q.max_round, q.origin])).toEqual([
        ['1', 'Quiz am Freitag', '2026-47', 6, 3, 'import'],
        ['2', 'Quiz nächste Woche', '2026-48', 2, 1, 'form'],
      ]);
      expect(quizzes[0]!.content.map((q) => `${q.round}.${q.number}`)).toEqual([
        '1.1',
        '1.2',
        '2.1',
        '2.2',
        '3.1',
        '3.2',
      ]);
    });

    it('teams: public fields, edits applied, the deleted team gone', async () => {
      const teams = await t.db.query<{
        id: string;
        name: string;
        lower_name: string;
        stadt: string;
        beschreibung: string;
        url: string;
        updated_at: Date;
      }>('SELECT id, name, lower_name, stadt, beschreibung, url, updated_at FROM read_teams ORDER BY id');
      expect(teams.map((r) => [r.id, r.name, r.lower_name, r.stadt])).toEqual([
        ['t1', 'Die Ahnungslosen', 'die ahnungslosen', 'Berlin'],
        ['t2', 'Besserwisser', 'besserwisser', 'Köln'],
        ['t3', 'Quizgurus', 'quizgurus', 'Köln'],
      ]);
      expect(teams[0]!.url).toBe('https://logos.example/1.png');
      expect(Object.keys(teams[0]!)).not.toContain('password');
    });

    it('users: registration, name change, popup time, team membership, members of a deleted team without team', async () => {
      const users = await t.db.query<{
        id: string;
        name: string;
        team_id: string | null;
        roles: string[];
        shown_email_popup_at: Date | null;
      }>('SELECT id, name, team_id, roles, shown_email_popup_at FROM read_users ORDER BY id');
      const byId = Object.fromEntries(users.map((u) => [u.id, u]));
      expect(users).toHaveLength(7);
      expect(byId.u1).toMatchObject({ name: 'Anna', team_id: 't1' });
      expect(byId.u2!.shown_email_popup_at).toEqual(new Date(Date.UTC(2026, 10, 20, 18, 0, 0)));
      expect(byId.u4!.team_id).toBeNull();
      expect(byId.mod!.roles).toEqual(['moderator']);
    });

    it('answers: lock-in, tua, regex and ship ratings, with the time of each change', async () => {
      const rows = await t.db.query<{
        id: string;
        team_id: string | null;
        user_id: string | null;
        points: number;
        checked: boolean;
        liked: boolean;
        tester: string | null;
        quizzer: string | null;
        points_changed_at: Date | null;
        liked_changed_at: Date | null;
        rated_at: Date | null;
        locked_in_at: Date;
      }>('SELECT * FROM read_quiz_answers ORDER BY id');
      const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
      expect(rows.map((r) => [r.id, r.points, r.checked])).toEqual([
        ['a1', 2, true],
        ['a2', 0, true],
        ['a3', 2, true],
        ['a4', 3, true],
        ['a5', 1, true],
        ['a6', 5, true],
        ['a7', 4, true],
        ['a8', 1, true],
        ['a9', 1, true],
        ['s1', 2, true],
      ]);
      expect(byId.a1).toMatchObject({ team_id: 't1', tester: 'mod', quizzer: 't1-author', liked: false });
      expect(byId.a2).toMatchObject({ tester: 'tester', liked: true });
      expect(byId.a8!.tester).toBe('mod');
      expect(byId.s1).toMatchObject({ team_id: null, user_id: 'solo' });
      // a6: rated 4, then 5 and liked: the second rating is the last change of points and like.
      const changes = await t.db.query<{ answer_id: string; source: string; points: number; liked: boolean }>(
        "SELECT answer_id, source, points, liked FROM read_answer_changes WHERE answer_id IN ('a6', 'a1', 'a8') ORDER BY answer_id, position",
      );
      expect(changes.map((c) => [c.answer_id, c.source, c.points, c.liked])).toEqual([
        ['a1', 'regex', 2, false],
        ['a6', 'rating', 4, false],
        ['a6', 'rating', 5, true],
        ['a8', 'ship', 1, false],
      ]);
      expect(byId.a6!.rated_at!.getTime()).toBe(byId.a6!.points_changed_at!.getTime());
      expect(byId.a6!.liked_changed_at!.getTime()).toBe(byId.a6!.rated_at!.getTime());
      expect(byId.a6!.locked_in_at.getTime()).toBeLessThan(byId.a6!.rated_at!.getTime());
      expect(byId.a1!.liked_changed_at).toBeNull();
    });

    it('points per team and round are the sums of the team answers', async () => {
      const points = await t.db.query<{
        quiz_id: string;
        team_id: string;
        round: number;
        points: number;
        answers: number;
      }>('SELECT * FROM read_team_round_points ORDER BY team_id, round');
      expect(points.map((p) => [p.team_id, p.round, p.points, p.answers])).toEqual([
        ['t1', 1, 3, 2],
        ['t1', 2, 3, 1],
        ['t2', 1, 0, 1],
        ['t2', 2, 1, 1],
        ['t2', 3, 4, 1],
        ['t3', 1, 2, 1],
        ['t3', 2, 5, 1],
        ['t4', 1, 1, 1],
      ]);
    });

    it('the published ranking is the last one published', async () => {
      const ranking = await publishedRanking(t.db);
      expect(ranking.published).toBe(true);
      expect(ranking.quizId).toBe('1');
      expect(ranking.points.sortedTeams.map((r) => r.name)).toEqual(['Quizgurus']);
    });

    it('greetings and uploads (one row per file)', async () => {
      expect(await t.db.query('SELECT id, name, message, submitted_at FROM read_greetings')).toEqual([
        { id: 'g1', name: 'Oma Erna', message: 'Viel Glück allen!', submitted_at: expect.any(Date) },
      ]);
      const uploads = await t.db.query(
        'SELECT upload_id, file_index, file_name, team_id, question_night_id, question_round, question_number FROM read_uploads ORDER BY upload_id, file_index',
      );
      expect(uploads).toEqual([
        {
          upload_id: 'up1',
          file_index: 0,
          file_name: 'a.png',
          team_id: 't1',
          question_night_id: null,
          question_round: null,
          question_number: null,
        },
        {
          upload_id: 'up1',
          file_index: 1,
          file_name: 'b.png',
          team_id: 't1',
          question_night_id: null,
          question_round: null,
          question_number: null,
        },
        {
          upload_id: 'up2',
          file_index: 0,
          file_name: 'c.png',
          team_id: 't2',
          question_night_id: 'n1',
          question_round: 1,
          question_number: 1,
        },
      ]);
    });

    it('the points table ranks by total, places 1 to 3 else 4, and sorts by the last round on request', async () => {
      const table = await pointsTable(t.db, '1');
      expect(table.rounds).toEqual([1, 2, 3]);
      expect(table.sortedTeams.map((r) => [r.name, r.rounds, r.total, r.rank, r.place])).toEqual([
        ['Quizgurus', [2, 5, 0], 7, 1, 1],
        ['Die Ahnungslosen', [3, 3, 0], 6, 2, 2],
        ['Besserwisser', [0, 1, 4], 5, 3, 3],
        ['(kein Team)', [1, 0, 0], 1, 4, 4],
      ]);
      const byLastRound = await pointsTable(t.db, '1', 'lastRound');
      expect(byLastRound.sortedTeams.map((r) => [r.name, r.rank])).toEqual([
        ['Besserwisser', 3],
        ['Quizgurus', 1],
        ['Die Ahnungslosen', 2],
        ['(kein Team)', 4],
      ]);
    });

    it('teams.txt has exactly the bytes of the spec: BOM, marker line, CRLF, three two-digit rounds, name, 1', async () => {
      const bytes = teamsTxt(await pointsTable(t.db, '1'));
      expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(bytes).toEqual(Buffer.from(KNOWN_TEAMS_TXT, 'utf8'));
    });

    it('TypeORM reads the same rows through its repositories', async () => {
      const ds = await openReadDataSource(t.db, { synchronize: false });
      try {
        expect((await ds.driver.createSchemaBuilder().log()).upQueries).toEqual([]);
        const team = await ds.getRepository(TeamRow).findOneByOrFail({ id: 't1' });
        expect(team).toMatchObject({
          name: 'Die Ahnungslosen',
          lowerName: 'die ahnungslosen',
          stadt: 'Berlin',
          isNew: false,
        });
        const answers = await ds
          .getRepository(QuizAnswerRow)
          .find({ where: { quizId: '1', round: 1, num: 1 }, order: { id: 'ASC' } });
        expect(answers.map((a) => [a.id, a.points, a.checked])).toEqual([
          ['a1', 2, true],
          ['a2', 0, true],
          ['a3', 2, true],
          ['a9', 1, true],
        ]);
        const upload = await ds.getRepository(UploadRow).findOneByOrFail({ uploadId: 'up2', fileIndex: 0 });
        expect(upload).toMatchObject({ kind: 'question', questionNightId: 'n1', questionRound: 1, questionNumber: 1 });
      } finally {
        await ds.destroy();
      }
    });
  });

  describe('uploads: whose files they are', () => {
    it('given uploads of two people, when one is erased, then the query names their files until the erasure and none after it, and the other keeps theirs', async () => {
      const f = new EventFactory();
      const upload = (uploadId: string, userId: string, fileNames: string[]) =>
        f.make('UploadRecorded', {
          uploadId,
          kind: 'user',
          userId,
          teamId: 't1',
          fileNames,
          label: null,
          question: null,
        });
      await project(
        t,
        [upload('up1', 'u1', ['a.png', 'b.png']), upload('up2', 'u2', ['c.png']), upload('up3', 'u1', ['d.png'])],
        [uploadsProjector],
      );
      expect(await uploadedFileNames(t.db, 'u1')).toEqual(['a.png', 'b.png', 'd.png']);
      await project(t, [f.make('UserErased', { userId: 'u1', by: 'u1' })], [uploadsProjector]);
      expect(await uploadedFileNames(t.db, 'u1')).toEqual([]);
      expect(await uploadedFileNames(t.db, 'u2')).toEqual(['c.png']);
    });
  });

  describe('uploads: the question of a question upload', () => {
    it('a stored v1 UploadRecorded (before the question was recorded) reads with null question columns', async () => {
      const f = new EventFactory();
      const v2 = f.make('UploadRecorded', {
        uploadId: 'old',
        kind: 'question',
        userId: 'u1',
        teamId: 't1',
        fileNames: ['old.png'],
        label: null,
        question: null,
      });
      const { question: _dropped, ...v1Data } = v2.data as { question: unknown };
      await project(t, [{ ...v2, version: 1, data: v1Data } as unknown as QuizShowEvent], [uploadsProjector]);
      expect(
        await t.db.query(
          'SELECT upload_id, kind, question_night_id, question_round, question_number FROM read_uploads',
        ),
      ).toEqual([
        { upload_id: 'old', kind: 'question', question_night_id: null, question_round: null, question_number: null },
      ]);
    });

    it('a read_uploads table from before the question columns gets them from the schema sync', async () => {
      await t.db.exec(
        'ALTER TABLE read_uploads DROP COLUMN question_night_id, DROP COLUMN question_round, DROP COLUMN question_number',
      );
      await openReadDataSource(t.db).then((ds) => ds.destroy());
      const ds = await openReadDataSource(t.db, { synchronize: false });
      try {
        expect((await ds.driver.createSchemaBuilder().log()).upQueries).toEqual([]);
      } finally {
        await ds.destroy();
      }
      await project(t, knownNight().events, [uploadsProjector]);
      expect(
        await t.db.query(
          "SELECT question_night_id, question_round, question_number FROM read_uploads WHERE upload_id = 'up2'",
        ),
      ).toEqual([{ question_night_id: 'n1', question_round: 1, question_number: 1 }]);
    });
  });

  it('moderation: a hidden greeting leaves the wall, a member taken out of a team has no team', async () => {
    const f = new EventFactory();
    await project(t, [
      f.make('UserRegistered', { userId: 'u1', login: 'u1', name: 'u1', email: null, roles: [] }),
      f.make('TeamCreated', {
        teamId: 't1',
        name: 'Rauswurf',
        stadt: 'Köln',
        beschreibung: '-',
        url: '',
        isNew: false,
        origin: 'dialog',
        expectedMembers: null,
        createdBy: null,
        number: 1,
      }),
      f.make('TeamJoined', { teamId: 't1', userId: 'u1', via: 'password' }),
      f.make('GreetingSubmitted', { greetingId: 'g1', name: 'Oma', message: 'Hallo' }),
      f.make('GreetingSubmitted', { greetingId: 'g2', name: 'Spam', message: 'Kauft!' }),
      f.make('GreetingHidden', { greetingId: 'g2', by: 'mod' }),
      f.make('TeamMemberRemoved', { teamId: 't1', userId: 'u1', by: 'mod' }),
    ]);
    expect((await t.db.query<{ id: string }>('SELECT id FROM read_greetings ORDER BY id')).map((g) => g.id)).toEqual([
      'g1',
    ]);
    expect(await t.db.query('SELECT team_id FROM read_users WHERE id = $1', ['u1'])).toEqual([{ team_id: null }]);
  });

  describe('TypeORM through the driver adapter', () => {
    const greeting = (id: string) => ({
      id,
      name: 'Oma Erna',
      message: 'Hallo',
      submittedAt: new Date(Date.UTC(2026, 10, 20)),
    });

    it('a TypeORM transaction commits, and one that throws leaves nothing behind', async () => {
      const ds = await openReadDataSource(t.db, { synchronize: false });
      try {
        await ds.transaction((manager) => manager.getRepository(GreetingRow).insert(greeting('kept')));
        await expect(
          ds.transaction(async (manager) => {
            await manager.getRepository(GreetingRow).insert(greeting('dropped'));
            throw new Error('nein');
          }),
        ).rejects.toThrow('nein');
        expect((await ds.getRepository(GreetingRow).find()).map((g) => g.id)).toEqual(['kept']);
      } finally {
        await ds.destroy();
      }
    });

    it('a transaction with an isolation level (SET TRANSACTION comes first)', async () => {
      const ds = await openReadDataSource(t.db, { synchronize: false });
      try {
        await ds.transaction('SERIALIZABLE', (manager) =>
          manager.getRepository(GreetingRow).insert(greeting('serial')),
        );
        expect(await ds.getRepository(GreetingRow).countBy({ id: 'serial' })).toBe(1);
      } finally {
        await ds.destroy();
      }
    });

    it('statements of others do not slip into an open TypeORM transaction', async () => {
      const ds = await openReadDataSource(t.db, { synchronize: false });
      const runner = ds.createQueryRunner();
      try {
        await runner.startTransaction();
        await runner.manager.getRepository(GreetingRow).insert(greeting('in-tx'));
        const outside = t.db.query<{ n: number }>(
          "SELECT count(*)::integer AS n FROM read_greetings WHERE id = 'in-tx'",
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
        await runner.rollbackTransaction();
        expect(await outside).toEqual([{ n: 0 }]);
      } finally {
        await runner.release();
        await ds.destroy();
      }
    });
  });

  it('lag: the log position minus each checkpoint, 0 once caught up', async () => {
    const { events } = knownNight();
    const last = await appendEvents(t.store, events);
    expect((await projectionLag(t.db, t.store, ALL_PROJECTORS)).map((l) => l.lag)).toEqual(
      ALL_PROJECTORS.map(() => last),
    );
    const runner = await ProjectionRunner.start(t.db, t.store, ALL_PROJECTORS);
    await runner.waitFor(last);
    await runner.stop();
    expect(await projectionLag(t.db, t.store, ALL_PROJECTORS)).toEqual(
      ALL_PROJECTORS.map((p) => ({ projector: p.name, checkpoint: last, lag: 0 })),
    );
  });

  it('a runner keeps up with events appended while it runs (live, after catch-up)', async () => {
    const { events } = knownNight();
    const runner = await ProjectionRunner.start(t.db, t.store, ALL_PROJECTORS, { batchSize: 5 });
    const half = Math.floor(events.length / 2);
    await runner.waitFor(await appendEvents(t.store, events.slice(0, half), 3));
    const last = await appendEvents(t.store, events.slice(half), 4);
    await runner.waitFor(last);
    await runner.stop();
    const live = await snapshot(t.db);
    await rebuildProjections(t.db, t.store, ALL_PROJECTORS);
    expect(await snapshot(t.db)).toEqual(live);
  });

  describe('exactly once', () => {
    /** Throws once, while applying the event at `position`, after the answers projector wrote its part of the batch. */
    function failingAt(position: number): Projector & { failures: number } {
      return {
        name: 'failing',
        version: 1,
        tables: [],
        types: EVENT_TYPES,
        failures: 0,
        async apply(_tx, events) {
          if (events.some((e) => e.position === position) && this.failures === 0) {
            this.failures++;
            throw new Error('injected failure');
          }
        },
      };
    }

    it('a failure in the middle of a batch rolls back rows and checkpoints together; after a restart the totals equal a rebuild', async () => {
      const { events } = knownNight();
      const last = await appendEvents(t.store, events);
      const failing = failingAt(30);
      const projectors = [...ALL_PROJECTORS, failing];
      const errors: unknown[] = [];
      // Batches of 8: the batch holding position 30 (25..32) fails after every other projector applied it.
      const first = await ProjectionRunner.start(t.db, t.store, projectors, {
        batchSize: 8,
        stopOnError: true,
        onError: (e) => errors.push(e),
      });
      await expect(first.waitFor(last)).rejects.toThrow('injected failure');
      await first.stop();
      expect(errors).toHaveLength(1);
      expect((await checkpoints(t.db)).map((c) => c.position)).toEqual(projectors.map(() => 24));
      const [{ answers }] = await t.db.query<{ answers: number }>(
        'SELECT count(*)::integer AS answers FROM read_quiz_answers',
      );
      const lockedInBefore25 = events
        .slice(0, 24)
        .flatMap((e) => (e.type === 'AnswersLockedIn' ? e.data.answers : [])).length;
      expect(answers).toBe(lockedInBefore25);

      const restarted = await ProjectionRunner.start(t.db, t.store, projectors, { batchSize: 8 });
      await restarted.waitFor(last);
      await restarted.stop();
      const afterRestart = await snapshot(t.db);
      await rebuildProjections(t.db, t.store, ALL_PROJECTORS);
      expect(afterRestart).toEqual(await snapshot(t.db));
    });

    it('a rebuild that fails rejects with the error, its rows and checkpoint at the last good batch', async () => {
      const { events } = knownNight();
      await appendEvents(t.store, events);
      await expect(
        rebuildProjections(t.db, t.store, [answersProjector, failingAt(30)], { batchSize: 8 }),
      ).rejects.toThrow('injected failure');
      expect(
        (await checkpoints(t.db)).filter((c) => ['answers', 'failing'].includes(c.projector)).map((c) => c.position),
      ).toEqual([24, 24]);
    });

    it('folding the same events twice changes nothing: a runner handed old events again skips them', async () => {
      const { events } = knownNight();
      const last = await project(t, events);
      const before = await snapshot(t.db);
      const replaying: EventLog = {
        lastPosition: () => t.store.lastPosition(),
        subscribe: (handler, options) => t.store.subscribe(handler, { ...options, after: 0 }),
      };
      const again = await ProjectionRunner.start(t.db, replaying, ALL_PROJECTORS, { batchSize: 7 });
      await again.waitFor(last);
      await again.stop();
      expect(await snapshot(t.db)).toEqual(before);
      expect((await checkpoints(t.db)).every((c) => c.position === last)).toBe(true);
    });

    it('two runners on one database (two processes) apply every event once', async () => {
      const { events } = knownNight();
      const [a, b] = await Promise.all([
        ProjectionRunner.start(t.db, t.store, ALL_PROJECTORS, { batchSize: 3 }),
        ProjectionRunner.start(t.db, t.store, ALL_PROJECTORS, { batchSize: 5 }),
      ]);
      const last = await appendEvents(t.store, events, 6);
      await Promise.all([a.waitFor(last), b.waitFor(last)]);
      await Promise.all([a.stop(), b.stop()]);
      const both = await snapshot(t.db);
      await rebuildProjections(t.db, t.store, ALL_PROJECTORS);
      expect(both).toEqual(await snapshot(t.db));
    });

    it('a projector reset for a rebuild while a runner runs is brought up again by that runner', async () => {
      const { events } = knownNight();
      const runner = await ProjectionRunner.start(t.db, t.store, ALL_PROJECTORS, { batchSize: 10 });
      const half = await appendEvents(t.store, events.slice(0, 30));
      await runner.waitFor(half);
      const before = await snapshot(t.db);
      await t.db.exec(
        "TRUNCATE read_quiz_answers, read_answer_changes, read_team_round_points; UPDATE read_projector_checkpoints SET position = 0 WHERE projector = 'answers'",
      );
      const last = await appendEvents(t.store, events.slice(30));
      await runner.waitFor(last);
      await runner.stop();
      expect((await checkpoints(t.db)).every((c) => c.position === last)).toBe(true);
      const incremental = await snapshot(t.db);
      expect(incremental.read_quiz_answers.length).toBeGreaterThan(before.read_quiz_answers.length);
      await rebuildProjections(t.db, t.store, ALL_PROJECTORS);
      expect(incremental).toEqual(await snapshot(t.db));
    });
  });

  describe('the recorded night (events/recordings/night-1.jsonl)', () => {
    it('a rebuild from scratch equals the incrementally built tables, row for row', async () => {
      const events = recordedNightEvents();
      const runner = await ProjectionRunner.start(t.db, t.store, ALL_PROJECTORS, { batchSize: 37 });
      let last = 0;
      for (let start = 0; start < events.length; start += 250)
        last = await appendEvents(t.store, events.slice(start, start + 250), 25);
      await runner.waitFor(last);
      await runner.stop();
      const incremental = await snapshot(t.db);
      expect(incremental.read_quiz_answers.length).toBeGreaterThan(50);
      expect(incremental.read_team_round_points.length).toBeGreaterThan(12);

      const progress: number[] = [];
      const result = await rebuildProjections(t.db, t.store, ALL_PROJECTORS, {
        onProgress: (p) => progress.push(p.position),
      });
      expect(result.events).toBe(events.length);
      expect(progress[progress.length - 1]).toBe(last);
      expect(await snapshot(t.db)).toEqual(incremental);
    });

    it('the points table from the read model equals the live points overview (mup)', async () => {
      const events = recordedNightEvents();
      await project(t, events);
      const live = pointsOverview(fold(events, initialState), '1');
      expect(live.sortedTeams.length).toBe(12);
      expect(await pointsTable(t.db, '1')).toEqual(live);
    });

    it('every answer has the points, check, like and tester the live reducer gives it (one meaning of ratings)', async () => {
      const events = recordedNightEvents();
      await project(t, events, [answersProjector]);
      const rows = await t.db.query<{
        id: string;
        points: number;
        checked: boolean;
        liked: boolean;
        tester: string | null;
      }>('SELECT id, points, checked, liked, tester FROM read_quiz_answers ORDER BY id');
      const live = fold(events, initialState)
        .answers.values()
        .map((a) => ({ id: a.id, points: a.points, checked: a.checked, liked: a.liked, tester: a.tester }))
        .sort((a, b) => (a.id < b.id ? -1 : 1));
      expect(live.some((a) => a.liked) && live.some((a) => a.checked && a.points === 0)).toBe(true);
      expect(rows.map((r) => ({ ...r, points: Number(r.points) }))).toEqual(live);
    });

    it('rebuilding one projection leaves the others alone', async () => {
      const events = recordedNightEvents();
      await project(t, events);
      const before = await snapshot(t.db);
      await t.db.exec("UPDATE read_teams SET stadt = 'X'");
      await rebuildProjections(t.db, t.store, [answersProjector]);
      const after = await snapshot(t.db);
      expect(after.read_quiz_answers).toEqual(before.read_quiz_answers);
      expect(after.read_teams.every((r) => (r as { stadt: string }).stadt === 'X')).toBe(true);
      await rebuildProjections(t.db, t.store, [teamsProjector]);
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('each projector alone builds the same rows as all together', async () => {
      const events = recordedNightEvents();
      await project(t, events);
      const together = await snapshot(t.db);
      for (const projector of [quizzesProjector, usersProjector, answersProjector]) {
        await rebuildProjections(t.db, t.store, [projector], { batchSize: 101 });
      }
      expect(await snapshot(t.db)).toEqual(together);
    });
  });
});
