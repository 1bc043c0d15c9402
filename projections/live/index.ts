export { evolve, fold } from './evolve';
export * from './lock-in';
export { PersistentMap } from './persistent-map';
export * from './points';
export * from './queries';
export * from './rules';
export * from './ship-answer';
export * from './state';
export * from './views';
