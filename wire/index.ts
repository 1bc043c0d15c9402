/** The wire contract that server and web app share: reply types, readers of client fields, and the German texts both show. */
export * from './readers';
export * from './replies';
export * from './shared-texts';
export * from './frame';
export * from './close-codes';
export * from './backoff';
