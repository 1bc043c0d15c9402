/**
 * Nest injection tokens of what the composition root provides (src/app.module.ts) and has no class of
 * its own to be named by (docs/decisions/doors.md, "Narrow providers instead of the runtime"). A
 * service that is a class (Engine, PushHub, the limits, the secrets' parts) is provided under its class.
 * Plain symbols in the base layer: this file imports nothing, and each injection site names the type it
 * receives, so no edge reaches up to the root for a token.
 */

/** The process's settings (src/config.ts, AppConfig). */
export const APP_CONFIG = Symbol('AppConfig');
/** The write side's storage: the event store, the SQL database, the personal data vault (src/store/storage.ts, Storage). */
export const STORAGE = Symbol('Storage');
/** The read models fed from the log (projections/read, ReadProjections). */
export const READ_PROJECTIONS = Symbol('ReadProjections');
/** The folder the uploaded files live in (a string). */
export const UPLOADS_DIR = Symbol('UploadsDir');
/** The frames each socket may send (src/limits/frame-rate.ts, Rate). */
export const SOCKET_FRAME_RATE = Symbol('SocketFrameRate');
