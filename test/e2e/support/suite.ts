import { startTestServer, type TestServer } from './test-server';
import { WsClient } from './ws-client';

export interface SuiteServer {
  /** The server, started before the describe block's tests (its own beforeAll runs first). */
  readonly env: TestServer;
  /** A socket logged in with `token`, closed after the block. */
  open(token: string): Promise<WsClient>;
  /** Closes the open sockets and restarts the server on the same data. */
  restart(): Promise<void>;
}

/** One test server for a describe block (started with startTestServer's arguments), and the sockets its tests open: started before, all closed after. */
export function serverForSuite(...args: Parameters<typeof startTestServer>): SuiteServer {
  let env: TestServer | undefined;
  const clients: WsClient[] = [];
  beforeAll(async () => {
    env = await startTestServer(...args);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await env?.destroy();
  });
  return {
    get env() {
      if (!env) throw new Error('the test server has not started');
      return env;
    },
    async open(token) {
      const client = await WsClient.open(this.env.wsUrl, token);
      clients.push(client);
      return client;
    },
    async restart() {
      await Promise.all(clients.splice(0).map((c) => c.close()));
      env = await this.env.restart();
    },
  };
}
