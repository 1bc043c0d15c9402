/**
 * The views each operator screen shows besides every screen's (global, user, team): the realtime
 * client asks `sg` for just these (PROTOCOL.md's `sg`, docs/protocol.md), so a screen does not wait for
 * and parse views it never reads (the checker's answers are over half of an admin's snapshot at 1,000
 * teams). A path not listed (the player's screens) loads every view its user receives.
 */
import type { ViewScope } from '@wire/replies';

const SCREEN_SCOPES: ReadonlyArray<readonly [path: string, scopes: readonly ViewScope[]]> = [
  ['/tester', ['tester', 'operator']],
  ['/admin/replay', []],
  ['/admin/users', ['operator']],
  ['/admin', ['moderator', 'operator']],
  ['/moderator/', ['moderator', 'operator']],
];

/** The views the screen at `path` shows besides every screen's; null: all. */
export function scopesOfPath(path: string): readonly ViewScope[] | null {
  for (const [prefix, scopes] of SCREEN_SCOPES)
    if (path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`)) return scopes;
  return null;
}
