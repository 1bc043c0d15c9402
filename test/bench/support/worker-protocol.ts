/** What a bench coordinator and its client workers say to each other over IPC. */

export interface WorkerPlayer {
  userId: string;
  teamId: string;
  token: string;
}

export type WorkerOp =
  /** `overlay`: the clients are stream overlay pages, authenticated with `sa {overlay: token}` (their token an overlay link's). */
  | { op: 'setup'; url: string; raw: boolean; overlay?: boolean; handshakeTimeoutMs: number; players: WorkerPlayer[] }
  /**
   * Connect every player without a socket (of the first `fraction` of each worker's players, default
   * all); against our server also sa + sg. `inFlight` 0: all at once.
   */
  | { op: 'connect'; inFlight: number; maxAttempts: number; fraction?: number }
  | { op: 'join'; password: string }
  | { op: 'arm'; marker: string }
  | { op: 'collect'; timeoutMs: number }
  | { op: 'propose'; wave: number }
  | { op: 'acks'; seconds: number }
  /** Every player keeps one proposal (gp) in flight until the deadline (a star, gs, while the team's question is full). */
  | { op: 'proposeFor'; seconds: number }
  /** Resolves once every player's socket has closed (the server was killed). */
  | { op: 'awaitClosed' }
  | { op: 'close' };

/**
 * `times`: epoch ms of each player's success (connect, join, a push seen); for `propose` latencies in
 * ms, for `acks` and `proposeFor` one count. `failures`: failed attempts; `lost`: players that never made it.
 */
export interface WorkerResult {
  startedAt: number;
  times: number[];
  failures: number;
  lost: number;
  messages: string[];
  /** `collect`: the frame with the marker as the first player got it. */
  frame?: string;
}
