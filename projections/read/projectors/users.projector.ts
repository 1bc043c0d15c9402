import { ERASED_NAME } from '../../../events/personal-data';
import { recordedAt } from '../logged-events';
import { displayNameOfLogin } from '../../live/rules/names';
import type { Projector } from '../projector';

/** Users' public fields and their team (a user is in one team at a time). */
export const usersProjector: Projector = {
  name: 'users',
  version: 1,
  tables: ['read_users'],
  types: [
    'UserRegistered',
    'UserProfileUpdated',
    'UserRenamed',
    'EmailPopupSeen',
    'UserRolesChanged',
    'TeamJoined',
    'TeamMemberRemoved',
    'TeamLeft',
    'TeamDeleted',
    'UserErased',
  ],

  async apply(tx, events) {
    for (const { event } of events) {
      const at = recordedAt(event).toISOString();
      switch (event.type) {
        case 'UserRegistered': {
          const d = event.data;
          await tx.query(
            `INSERT INTO read_users (id, login, name, email, team_id, roles, shown_email_popup_at, registered_at, updated_at)
             VALUES ($1, $2, $3, $4, NULL, $5::jsonb, NULL, $6, $6)
             ON CONFLICT (id) DO UPDATE SET login = EXCLUDED.login, name = EXCLUDED.name, email = EXCLUDED.email,
               roles = EXCLUDED.roles, updated_at = EXCLUDED.updated_at`,
            [d.userId, d.login, displayNameOfLogin(d.name), d.email, JSON.stringify(d.roles), at],
          );
          break;
        }
        case 'UserProfileUpdated':
        case 'UserRenamed':
          await tx.query('UPDATE read_users SET name = $2, updated_at = $3 WHERE id = $1', [
            event.data.userId,
            event.data.name,
            at,
          ]);
          break;
        case 'EmailPopupSeen':
          await tx.query('UPDATE read_users SET shown_email_popup_at = $2, updated_at = $3 WHERE id = $1', [
            event.data.userId,
            new Date(event.data.seenAt).toISOString(),
            at,
          ]);
          break;
        case 'UserRolesChanged':
          await tx.query('UPDATE read_users SET roles = $2::jsonb, updated_at = $3 WHERE id = $1', [
            event.data.userId,
            JSON.stringify(event.data.roles),
            at,
          ]);
          break;
        case 'TeamJoined':
          await tx.query('UPDATE read_users SET team_id = $2, updated_at = $3 WHERE id = $1', [
            event.data.userId,
            event.data.teamId,
            at,
          ]);
          break;
        case 'TeamMemberRemoved':
        case 'TeamLeft':
          await tx.query('UPDATE read_users SET team_id = NULL, updated_at = $3 WHERE id = $1 AND team_id = $2', [
            event.data.userId,
            event.data.teamId,
            at,
          ]);
          break;
        case 'TeamDeleted':
          await tx.query('UPDATE read_users SET team_id = NULL, updated_at = $2 WHERE team_id = $1', [
            event.data.teamId,
            at,
          ]);
          break;
        case 'UserErased':
          // The row stays (answers and checks join it for a name): the placeholder, nothing of the person.
          await tx.query(
            `UPDATE read_users SET login = $2, name = $2, email = NULL, team_id = NULL, roles = '[]'::jsonb, shown_email_popup_at = NULL, updated_at = $3
             WHERE id = $1`,
            [event.data.userId, ERASED_NAME, at],
          );
          break;
      }
    }
  },
};
