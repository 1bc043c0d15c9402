/** The wire contract that server and web app share: reply types and the German texts both show. */
export * from './replies';
export * from './shared-texts';
export * from './frame';
export * from './close-codes';
export * from './backoff';
