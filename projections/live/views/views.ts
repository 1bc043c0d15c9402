/**
 * What each viewer may see, one file per push scope (scopes.ts gathers them): global-view.ts,
 * team-view.ts, user-view.ts, moderator-view.ts, tester-view.ts, operator-view.ts, overlay-view.ts.
 * Privacy: a player's views never hold another team's proposals or chat, the moderator view, or the
 * answer of an open question. This file only gathers the views' names for the code that imports them.
 */
export * from './global-view';
export * from './team-view';
export * from './user-view';
export * from './moderator-view';
export * from './tester-view';
