import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(__dirname, '../..');

interface LintMessage {
  ruleId: string | null;
  message: string;
}

/** The project's ESLint, started once for this file (support/lint-server.mjs); it answers in the order it was asked. */
let linter: ChildProcessWithoutNullStreams;
const waiting: Array<{ resolve: (messages: LintMessage[]) => void; reject: (error: Error) => void }> = [];
let linterOutput = '';
let linterGone: Error | null = null;

beforeAll(() => {
  linter = spawn(process.execPath, [path.join(__dirname, 'support/lint-server.mjs')], { cwd: root });
  createInterface({ input: linter.stdout }).on('line', (line) =>
    waiting.shift()?.resolve(JSON.parse(line) as LintMessage[]),
  );
  linter.stderr.on('data', (chunk) => (linterOutput += chunk));
  linter.stdin.on('error', () => undefined); // a write after it died: the exit below rejects
  linter.on('exit', (code) => {
    linterGone = new Error(`ESLint exited (${code}): ${linterOutput}`);
    for (const { reject } of waiting.splice(0)) reject(linterGone);
  });
});

afterAll(async () => {
  if (linterGone) return;
  const exited = new Promise((resolve) => linter.once('exit', resolve));
  linter.stdin.end();
  await exited;
});

/** Lints the given source as if it were the file at `filePath` (relative to the project root). */
function lintAs(filePath: string, source: string): Promise<LintMessage[]> {
  if (linterGone) return Promise.reject(linterGone);
  return new Promise((resolve, reject) => {
    waiting.push({ resolve, reject });
    linter.stdin.write(`${JSON.stringify({ filePath, source })}\n`);
  });
}

describe('lint keeps the pure core pure', () => {
  const violations = [
    ['a clock', 'export const now = Date.now();', 'no-restricted-globals'],
    ['a constructed date', 'export const d = new Date();', 'no-restricted-globals'],
    ['randomness', 'export const r = Math.random();', 'no-restricted-properties'],
    ['a timer', 'setTimeout(() => undefined, 1);', 'no-restricted-globals'],
    ['process', 'export const env = process.env;', 'no-restricted-globals'],
    [
      'a Node built-in',
      "import { readFileSync } from 'node:fs';\nexport { readFileSync };",
      'pure-core/only-own-imports',
    ],
    ['crypto', "import { randomUUID } from 'crypto';\nexport { randomUUID };", 'pure-core/only-own-imports'],
    ['NestJS', "import { Injectable } from '@nestjs/common';\nexport { Injectable };", 'pure-core/only-own-imports'],
    ['typeorm', "import { Entity } from 'typeorm';\nexport { Entity };", 'pure-core/only-own-imports'],
    ['pg', "import { Pool } from 'pg';\nexport { Pool };", 'pure-core/only-own-imports'],
    ['another project folder', "import { x } from '../src/main';\nexport { x };", 'pure-core/only-own-imports'],
  ] as const;

  it.each(violations)('given %s in events/, then lint fails', async (_what, source, rule) => {
    const messages = await lintAs('events/violation.ts', source);
    expect(messages.map((m) => m.ruleId)).toContain(rule);
  });

  it('given a clock in projections/live/, then lint fails', async () => {
    const messages = await lintAs('projections/live/violation.ts', 'export const now = Date.now();');
    expect(messages.map((m) => m.ruleId)).toContain('no-restricted-globals');
  });

  it('given projections/live/ importing a package, then lint fails', async () => {
    const messages = await lintAs('projections/live/violation.ts', "import { Pool } from 'pg';\nexport { Pool };");
    expect(messages.map((m) => m.ruleId)).toContain('pure-core/only-own-imports');
  });

  it('given a clock or a package in wire/, then lint fails', async () => {
    expect((await lintAs('wire/violation.ts', 'export const now = Date.now();')).map((m) => m.ruleId)).toContain(
      'no-restricted-globals',
    );
    const pkg = await lintAs('wire/violation.ts', "import { Pool } from 'pg';\nexport { Pool };");
    expect(pkg.map((m) => m.ruleId)).toContain('pure-core/only-own-imports');
    const server = await lintAs('wire/violation.ts', "import { x } from '../src/main';\nexport { x };");
    expect(server.map((m) => m.ruleId)).toContain('pure-core/only-own-imports');
  });

  it('given wire/ importing events/ and the engine, then lint passes', async () => {
    const source =
      "import type { Role } from '../events';\nimport type { GlobalView } from '../projections/live/views/views';\nexport type W = [Role, GlobalView];";
    expect(await lintAs('wire/ok.ts', source)).toEqual([]);
  });

  it('given a rule in src/commands/ reading the clock or importing a framework, then lint fails', async () => {
    expect(
      (await lintAs('src/commands/violation.ts', 'export const now = Date.now();')).map((m) => m.ruleId),
    ).toContain('no-restricted-globals');
    const framework = await lintAs(
      'src/commands/violation.ts',
      "import { Logger } from '@nestjs/common';\nexport { Logger };",
    );
    expect(framework.map((m) => m.ruleId)).toContain('pure-core/only-own-imports');
    const store = await lintAs(
      'src/commands/violation.ts',
      "import { SqlEventStore } from '../store/sql/sql-event-store';\nexport { SqlEventStore };",
    );
    expect(store.map((m) => m.ruleId)).toContain('pure-core/only-own-imports');
  });

  it('given src/commands/ importing the pure core, then lint passes', async () => {
    expect(
      await lintAs(
        'src/commands/ok.ts',
        "import type { LiveState } from '../../projections/live';\nexport type S = LiveState;",
      ),
    ).toEqual([]);
  });

  it('given projections/live/ importing events/, then lint passes', async () => {
    const messages = await lintAs(
      'projections/live/ok.ts',
      "import type { X } from '../../events/x';\nexport type Y = X;",
    );
    expect(messages).toEqual([]);
  });

  it('given re2js, then only its one wrapper in projections/live/ may import it', async () => {
    const source = "import { RE2JS } from 're2js';\nexport { RE2JS };";
    expect(await lintAs('projections/live/rules/answer-regex.ts', source)).toEqual([]);
    expect((await lintAs('projections/live/other.ts', source)).map((m) => m.ruleId)).toContain(
      'pure-core/only-own-imports',
    );
    expect((await lintAs('src/commands/rating.ts', source)).map((m) => m.ruleId)).toContain(
      'pure-core/only-own-imports',
    );
  });

  it('given the same clock outside the pure core (src/), then lint passes', async () => {
    const messages = await lintAs('src/fine.ts', 'export const now = Date.now();');
    expect(messages).toEqual([]);
  });
});
