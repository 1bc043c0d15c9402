/** What a bench coordinator and its client workers say to each other over IPC. */

export interface WorkerPlayer {
  userId: string;
  teamId: string;
  token: string;
  /** The login (bench:show-start's fresh players log in with it and PLAYER_PASSWORD). */
  login?: string;
  /** bench:show-start: when this player arrives, ms after the arrival window opens. */
  arriveAfterMs?: number;
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
  /**
   * bench:show-start: each player arrives at `startAt` (epoch ms) plus its `arriveAfterMs`, as a phone
   * does: `returning` connects with its token (sa, sg; already in its team); `fresh` logs in over HTTP
   * at `baseUrl` with `password`, then connects and joins its team (gj with `teamPassword`); `raw` only
   * connects (the raw `ws` reference). Answers with an appointment are resent when it says, as the web app does.
   */
  | {
      op: 'arrive';
      mode: 'returning' | 'fresh' | 'raw';
      startAt: number;
      baseUrl: string;
      password: string;
      teamPassword: string;
    }
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
  /** `arrive`: named series of milliseconds (login, join, …), merged over the workers. */
  samples?: Record<string, number[]>;
  /** `arrive`: named counts (refusals, renewed tokens, …), summed over the workers. */
  counts?: Record<string, number>;
}
