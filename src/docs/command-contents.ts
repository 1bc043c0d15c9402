/**
 * wire/command-contents.ts, generated from the command and query tables: the content each socket
 * message code carries, as a TypeScript type the web app's `command(type, content)` is checked
 * against, and the codes that pass during maintenance. `npm run wire:contents` writes it;
 * test/unit/command-contents.test.ts fails when the committed file is not what this makes.
 */
import { commandTable, type CommandEntry, type Command, type WireField } from '../commands';
import { QUERY_CONTENT } from '../queries/query-table';

const TYPE_OF_FIELD: Readonly<Record<WireField, string>> = {
  string: 'string',
  number: 'number',
  integer: 'number',
  boolean: 'boolean',
  object: 'Readonly<Record<string, unknown>>',
  array: 'readonly unknown[]',
  'string|number': 'string | number',
  'string|number|boolean': 'string | number | boolean',
};

/** A field name as a property key: as it is where it is an identifier, else quoted. */
const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);

/**
 * `{ a?: string; b?: number }`: every field may be left out, as the parsers decide what is missing
 * (with a German refusal); a field no entry declares does not compile.
 */
function contentType(fields: Readonly<Record<string, WireField>>): string {
  const sorted = Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (sorted.length === 0) return 'Record<string, never>';
  return `{ ${sorted.map(([name, field]) => `${key(name)}?: ${TYPE_OF_FIELD[field]}`).join('; ')} }`;
}

export function commandContentsSource(): string {
  const entries = Object.values(commandTable as Readonly<Record<string, CommandEntry<Command>>>).flatMap((entry) =>
    entry.wire === undefined ? [] : [{ code: entry.wire, entry }],
  );
  const contents = new Map<string, Readonly<Record<string, WireField>>>();
  for (const { code, entry } of entries) contents.set(code, entry.content ?? {});
  for (const [code, fields] of Object.entries(QUERY_CONTENT)) contents.set(code, fields);
  const sortedContents = [...contents].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const exempt = entries
    .filter(({ entry }) => entry.duringMaintenance !== undefined)
    .map(({ code }) => code)
    .sort();
  return [
    '/**',
    ' * Generated from the command and query tables (src/docs/command-contents.ts) by `npm run wire:contents`;',
    ' * test/unit/command-contents.test.ts fails when it is stale. Do not edit by hand.',
    ' */',
    '',
    '/** The content of each socket command and query, by message code (PROTOCOL.md). */',
    'export interface CommandContents {',
    ...sortedContents.map(([code, fields]) => `  ${key(code)}: ${contentType(fields)};`),
    '}',
    '',
    'export type CommandCode = keyof CommandContents;',
    '',
    "/** What `command(type, content)` takes as content: the code's own for a command or query, any object for the rest. */",
    'export type ContentOf<Code extends string> = Code extends CommandCode ? CommandContents[Code] : object;',
    '',
    "/** The codes a client may still send during maintenance (their entry's `duringMaintenance` says to whom). */",
    `export const MAINTENANCE_EXEMPT_CODES: readonly CommandCode[] = [${exempt.map((code) => `'${code}'`).join(', ')}];`,
    '',
  ].join('\n');
}
