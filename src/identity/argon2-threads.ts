import { Worker } from 'node:worker_threads';
import type { Options } from '@node-rs/argon2';

/**
 * Threads of our own for argon2 (docs/decisions/first-minute.md, "Fifth round"). Each runs one hash
 * after the other straight from its inbox: the next one handed to it starts the moment the one before
 * ends, without waiting for the main thread to notice the end (on a busy two-core server it noticed
 * 2-3 ms late, a third of a hash). argon2 on libuv's pool instead ran one job per call and shared that
 * pool with file work.
 */
const THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const argon2 = require(workerData.argon2);
parentPort.on('message', ({ id, op, password, hashed, options }) => {
  try {
    const result = op === 'hash' ? argon2.hashSync(password, options) : argon2.verifySync(hashed, password);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

type Job = { op: 'hash'; password: string; options: Options } | { op: 'verify'; hashed: string; password: string };

interface Pending {
  resolve: (result: string | boolean) => void;
  reject: (error: Error) => void;
}

/** What a thread answers for a job: its result, or the message of its error. */
type ThreadReply =
  { readonly id: number; readonly result: string | boolean } | { readonly id: number; readonly error: string };

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

export class Argon2Threads {
  private readonly threads: Array<Thread | null>;
  private nextId = 0;

  constructor(count: number) {
    this.threads = Array.from({ length: count }, () => null);
  }

  hash(password: string, options: Options): Promise<string> {
    return this.send({ op: 'hash', password, options }) as Promise<string>;
  }

  /** Throws for an unreadable hash. */
  verify(hashed: string, password: string): Promise<boolean> {
    return this.send({ op: 'verify', hashed, password }) as Promise<boolean>;
  }

  /** Ends every thread; their jobs under way fail. A job sent afterwards starts a thread afresh. */
  async close(): Promise<void> {
    const running = this.threads.filter((thread): thread is Thread => thread !== null);
    this.threads.fill(null);
    const closed = new Error('argon2 threads closed');
    for (const thread of running) {
      for (const pending of thread.pending.values()) pending.reject(closed);
      thread.pending.clear();
    }
    await Promise.all(running.map((thread) => thread.worker.terminate()));
  }

  /** The thread with the fewest jobs gets the next one. */
  private send(job: Job): Promise<string | boolean> {
    let chosen = 0;
    for (let i = 1; i < this.threads.length; i++)
      if ((this.threads[i]?.pending.size ?? 0) < (this.threads[chosen]?.pending.size ?? 0)) chosen = i;
    const thread = (this.threads[chosen] ??= this.start(chosen));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (thread.pending.size === 0) thread.worker.ref(); // a script awaiting a hash does not end before it
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ id, ...job });
    });
  }

  private start(index: number): Thread {
    const worker = new Worker(THREAD_CODE, {
      eval: true,
      name: 'argon2',
      workerData: { argon2: require.resolve('@node-rs/argon2') },
    });
    const thread: Thread = { worker, pending: new Map() };
    worker.unref();
    worker.on('message', (reply: ThreadReply) => {
      const pending = thread.pending.get(reply.id);
      if (!pending) return;
      thread.pending.delete(reply.id);
      if (thread.pending.size === 0) worker.unref(); // an idle thread keeps no process alive
      if ('error' in reply) pending.reject(new Error(reply.error));
      else pending.resolve(reply.result);
    });
    // A thread that died (out of memory, say) fails its jobs and is started afresh for the next one.
    const died = (error: Error) => {
      if (this.threads[index] !== thread) return;
      this.threads[index] = null;
      for (const pending of thread.pending.values()) pending.reject(error);
      thread.pending.clear();
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`argon2 thread exited with code ${code}`)));
    return thread;
  }
}
