/** The read side (CQRS): Postgres/PGlite read models, their projectors and the queries over them. */
export * from './entities';
export { openReadDataSource } from './data-source';
export { sqlDatabaseDriver, READ_MODEL_SCHEMA_LOCK } from './typeorm-driver';
export type { EventLog, LoggedEvent, ReadSqlDatabase, ReadSqlSession } from './sql';
export type { Projector } from './projector';
export * from './projectors';
export { ProjectionRunner, type RunnerOptions } from './runner';
export { rebuildProjections, resetProjections, type RebuildProgress } from './rebuild';
export { buildSchemaOf, rebuildBeside, type RebuildBesideOptions, type RebuildOutcome } from './rebuild-beside';
export { BackgroundRebuilds, type RebuildReport, type RebuildStatus } from './background-rebuilds';
export { staleProjections, storedVersion } from './projection-versions';
export { projectionLag, type ProjectorLag } from './lag';
export { startReadProjections, type ReadProjectionOptions, type ReadProjections } from './read-projections';
export * from './points';
export * from './checker';
export * from './csv';
export * from './results';
