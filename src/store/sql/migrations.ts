import { movePersonalDataOutOfEvents } from '../personal-data-vault';
import type { SqlSession } from './sql-database';

/**
 * One step of the write side's schema (events, secrets, snapshots, limits, presence; the read
 * projections' tables are not here: they follow their entities and projector versions).
 */
export interface Migration {
  /** 1, 2, 3, …: the list below in order, without gaps. */
  readonly version: number;
  readonly name: string;
  /**
   * Runs in the one transaction of the start's migrations, holding the schema lock and the append
   * lock (appends of instances still running wait): any SQL, moving data included. One statement per
   * `query`; a failure rolls back every migration of this start, and the next start tries again.
   */
  up(sql: SqlSession): Promise<void>;
}

/**
 * Every migration, oldest first. Adding one = appending an entry with the next version. An entry a
 * release has shipped is never edited, reordered or removed: databases out there have it recorded
 * as applied and will not run it again.
 */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'schema of release 0.10', up: (sql) => runEach(sql, RELEASE_0_10_SCHEMA) },
  {
    version: 2,
    name: 'personal data out of the log (docs/decisions/erasure.md)',
    up: async (sql) => {
      await runEach(sql, [
        `CREATE TABLE personal_data (
          event_id text  PRIMARY KEY,
          user_id  text  NOT NULL,
          data     jsonb NOT NULL
        )`,
        'CREATE INDEX personal_data_user_id ON personal_data (user_id)',
        'CREATE TABLE erased_users (user_id text PRIMARY KEY)',
      ]);
      await movePersonalDataOutOfEvents(sql, {
        toVault: {
          UserRegistered: { subject: 'userId', fields: ['login', 'name', 'email'] },
          UserProfileUpdated: { subject: 'userId', fields: ['name'] },
          UploadRecorded: { subject: 'userId', fields: ['label'] },
        },
        dropped: { LobbyChatMessagePosted: ['name'] },
      });
    },
  },
  {
    version: 3,
    name: 'appended bytes per user and hour (src/limits/append-budget.ts)',
    up: (sql) =>
      runEach(sql, [
        `CREATE TABLE append_budget (
        user_id       text        NOT NULL,
        window_start  timestamptz NOT NULL,
        bytes         bigint      NOT NULL,
        PRIMARY KEY (user_id, window_start)
      )`,
      ]),
  },
  {
    version: 4,
    name: 'limits shared by instances: counters, upload bytes and their reservations (docs/decisions/hostile-crowd-second-round.md)',
    up: (sql) =>
      runEach(sql, [
        `CREATE TABLE limit_counters (
        key         text        PRIMARY KEY,
        count       integer     NOT NULL,
        window_end  timestamptz NOT NULL
      )`,
        `CREATE TABLE upload_usage (
        owner  text   PRIMARY KEY,
        bytes  bigint NOT NULL
      )`,
        `CREATE TABLE upload_reservations (
        id          text        PRIMARY KEY,
        owner       text        NOT NULL,
        bytes       bigint      NOT NULL,
        expires_at  timestamptz NOT NULL
      )`,
      ]),
  },
  {
    version: 5,
    name: 'the log refuses UPDATE and DELETE (docs/decisions/trust-third-round.md)',
    // After migration 2, the one step that ever changed events (on an old store both run in this start, in order).
    up: (sql) =>
      runEach(sql, [
        `CREATE FUNCTION events_are_forever() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          RAISE EXCEPTION 'events are never changed or deleted (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
        END $$`,
        'CREATE TRIGGER events_are_forever BEFORE UPDATE OR DELETE ON events FOR EACH STATEMENT EXECUTE FUNCTION events_are_forever()',
        // Nobody but the table's owner (who runs the migrations) may even try: a runtime role given every
        // table by default privileges (deploy/postgres-roles.sql) keeps SELECT and INSERT on the log.
        `DO $$
        DECLARE grantee text;
        BEGIN
          FOR grantee IN
            SELECT DISTINCT CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(a.grantee)) END
            FROM pg_class c, aclexplode(c.relacl) a
            WHERE c.oid = 'events'::regclass AND a.grantee <> c.relowner AND a.privilege_type IN ('UPDATE', 'DELETE', 'TRUNCATE')
          LOOP
            EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE ON events FROM %s', grantee);
          END LOOP;
        END $$`,
      ]),
  },
];

async function runEach(sql: SqlSession, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await sql.query(statement);
}

/**
 * The tables release 0.10 created, statement for statement as its modules did (each with IF NOT
 * EXISTS, as then): on a database that release made, migration 1 finds every table there, creates
 * nothing and is recorded as the baseline; on a fresh one it creates them. A copy, frozen here: the
 * modules that use these tables no longer create them.
 */
const RELEASE_0_10_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS events (
    position    bigint      PRIMARY KEY,
    stream_id   text        NOT NULL,
    revision    integer     NOT NULL,
    event_id    uuid        NOT NULL UNIQUE,
    type        text        NOT NULL,
    data        jsonb       NOT NULL,
    metadata    jsonb       NOT NULL,
    stored_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (stream_id, revision)
  )`,
  `CREATE TABLE IF NOT EXISTS credentials (
    user_id text PRIMARY KEY,
    login_key text NOT NULL UNIQUE,
    password_hash text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS team_passwords (
    team_id text PRIMARY KEY,
    name_key text NOT NULL UNIQUE,
    password_hash text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS one_time_tokens (
    token_hash  text        PRIMARY KEY,
    kind        text        NOT NULL,
    ref_id      text        NOT NULL,
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS live_snapshots (
    code_version text NOT NULL,
    position bigint NOT NULL,
    state text NOT NULL,
    revisions text NOT NULL,
    written_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (code_version, position)
  )`,
  `CREATE TABLE IF NOT EXISTS login_failures (
    key           text        PRIMARY KEY,
    failures      integer     NOT NULL,
    window_start  timestamptz NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS presence_instances (
    instance_id text        PRIMARY KEY,
    seen_at     timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS presence_users (
    instance_id text NOT NULL REFERENCES presence_instances ON DELETE CASCADE,
    user_id     text NOT NULL,
    PRIMARY KEY (instance_id, user_id)
  )`,
];
