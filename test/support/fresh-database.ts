import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

/**
 * A database of its own on the server of `url` (DATABASE_URL), for a test file that reads the whole
 * log: test files run in parallel, and another file's events in a shared database would be in it.
 */
export async function freshDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = new URL(url);
  const name = `quiz_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = () => {
    const client = new Client({
      connectionString: Object.assign(new URL(server), { pathname: '/postgres' }).toString(),
    });
    client.on('error', () => undefined); // a connection dying shows as the failed query, not as an unhandled event
    return client;
  };
  const create = admin();
  await create.connect();
  try {
    await create.query(`CREATE DATABASE ${name}`);
  } finally {
    await create.end();
  }
  return {
    url: Object.assign(new URL(server), { pathname: `/${name}` }).toString(),
    async drop() {
      const client = admin();
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
