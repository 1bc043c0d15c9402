export { evolve, fold } from './evolve';
export { PersistentMap } from './persistent-map';
export * from './points';
export * from './queries';
export * from './rules';
export * from './scopes';
export * from './ship-answer';
export * from './state';
export * from './views';
