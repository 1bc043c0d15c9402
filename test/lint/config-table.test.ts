/**
 * Every environment variable the server reads (src/config.ts) has its row in the README's
 * configuration table, and .env.example names only variables the server (or compose) reads.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The variables loadConfig reads: `read('NAME', …)` and `raw('NAME')`. */
const configVariables = [...read('src/config.ts').matchAll(/\b(?:read|raw)\(\s*'([A-Z][A-Z0-9_]*)'/g)].map(
  (m) => m[1]!,
);

describe('configuration documented', () => {
  it('finds the variables of src/config.ts', () => {
    expect(configVariables).toEqual(
      expect.arrayContaining(['PORT', 'PUBLIC_URL', 'APPEND_BUDGET_BYTES', 'HASHING_QUEUE_WAIT_SECONDS']),
    );
  });

  it("every variable has a row in the README's table", () => {
    const rows = new Set([...read('README.md').matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]!));
    expect(configVariables.filter((name) => !rows.has(name))).toEqual([]);
  });

  it('.env.example names only variables the server or compose reads', () => {
    const named = [...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
    expect(named).toEqual(expect.arrayContaining(['PUBLIC_URL', 'JWT_SECRET', 'ADMIN_PASSWORD']));
    const composeVariables = [...read('docker-compose.yml').matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!);
    expect(named.filter((name) => !configVariables.includes(name) && !composeVariables.includes(name))).toEqual([]);
  });
});
