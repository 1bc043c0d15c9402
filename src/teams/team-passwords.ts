import type { SqlDatabase } from '../store/sql/sql-database';

/**
 * Team passwords (hashed) on the write side, never in events. The unique name key reserves a team
 * name before the TeamCreated event is appended, so two teams can never get the same name
 * (case-insensitive), not even from two processes at once.
 */
export const TEAM_PASSWORDS_SCHEMA = `
CREATE TABLE IF NOT EXISTS team_passwords (
  team_id       text        PRIMARY KEY,
  name_key      text        NOT NULL UNIQUE,
  password_hash text        NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
`;

export function teamNameKey(name: string): string {
  return name.trim().toLowerCase();
}

export class TeamPasswords {
  private constructor(private readonly db: SqlDatabase) {}

  static async open(db: SqlDatabase): Promise<TeamPasswords> {
    await db.exec(TEAM_PASSWORDS_SCHEMA);
    return new TeamPasswords(db);
  }

  /** Reserves the name for the team; false when another team holds it. */
  async reserve(teamId: string, name: string, passwordHash: string): Promise<boolean> {
    const rows = await this.db.query(
      'INSERT INTO team_passwords (team_id, name_key, password_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING team_id',
      [teamId, teamNameKey(name), passwordHash],
    );
    return rows.length === 1;
  }

  /** Gives the name back (the team was not created after all, or was deleted). */
  async release(teamId: string): Promise<void> {
    await this.db.query('DELETE FROM team_passwords WHERE team_id = $1', [teamId]);
  }

  async hashOf(teamId: string): Promise<string | null> {
    const [row] = await this.db.query<{ password_hash: string }>('SELECT password_hash FROM team_passwords WHERE team_id = $1', [teamId]);
    return row?.password_hash ?? null;
  }
}
