/**
 * docs/asyncapi.yaml, generated from the command table and the query table so that it cannot drift
 * from what the server does (test/unit/asyncapi.test.ts compares; `npm run asyncapi` rewrites it).
 */
import {
  commandTable,
  type Access,
  type Command,
  type CommandEntry,
  type CommandType,
  type WireField,
} from '../commands';
import { QUERY_CONTENT, QUERY_CODES, queryAccess } from '../queries/query-table';

type Yaml = string | number | boolean | null | Yaml[] | { [key: string]: Yaml };

const FIELD_SCHEMA: Record<WireField, Yaml> = {
  string: { type: 'string' },
  number: { type: 'number' },
  integer: { type: 'integer' },
  boolean: { type: 'boolean' },
  object: { type: 'object' },
  array: { type: 'array' },
  'string|number': { type: ['string', 'number'] },
  'string|number|boolean': { type: ['string', 'number', 'boolean'] },
};

function whoMay(access: Access): string {
  if (access === 'anyone') return 'anyone, logged in or not';
  if (access === 'user') return 'any logged-in user';
  return `users with the role ${access.anyOf.join(' or ')}`;
}

const REPLY: Yaml = {
  name: 'reply',
  summary: 'Exactly one per frame with a readable id: success, or success false with a German message.',
  payload: {
    type: 'object',
    required: ['type', 'id', 'replyTo', 'content'],
    properties: {
      type: { const: 'reply' },
      id: { type: 'integer' },
      replyTo: { type: ['integer', 'string', 'null'] },
      content: {
        type: 'object',
        required: ['success'],
        properties: {
          success: { type: 'boolean' },
          message: { type: 'string', description: 'German text for the user when success is false' },
          retry: {
            type: 'boolean',
            description: 'with success false: nothing happened; the same command (same commandId) may be sent again',
          },
          retryAfterMs: {
            type: 'integer',
            description: 'with retry: when to send it again (the hashing queue appointed that moment)',
          },
        },
      },
    },
  },
};

function envelope(code: string, content: Readonly<Record<string, WireField>>): Yaml {
  const properties: Record<string, Yaml> = {};
  for (const [name, field] of Object.entries(content)) properties[name] = FIELD_SCHEMA[field];
  return {
    type: 'object',
    required: ['type', 'id'],
    properties: {
      type: { const: code },
      id: { type: ['integer', 'string'], description: 'chosen by the client; the reply carries it as replyTo' },
      commandId: {
        type: 'string',
        maxLength: 64,
        description: 'optional: the same commandId from the same user is the same command (PROTOCOL.md)',
      },
      content: { type: 'object', properties },
    },
  };
}

/** What the table says of each realtime message, as an AsyncAPI 3 document. */
export function asyncApiDocument(): Yaml {
  const messages: Record<string, Yaml> = {};
  const operations: Record<string, Yaml> = {};
  const entries = (Object.entries(commandTable) as Array<[CommandType, CommandEntry<Command>]>)
    .flatMap(([type, entry]) => (entry.wire === undefined ? [] : [{ type, code: entry.wire, entry }]))
    .sort((a, b) => (a.code < b.code ? -1 : 1));
  const add = (code: string, title: string, summary: string, content: Readonly<Record<string, WireField>>) => {
    messages[code] = { name: code, title, summary, payload: envelope(code, content) };
    operations[`send-${code}`] = {
      action: 'receive',
      channel: { $ref: '#/channels/ws' },
      messages: [{ $ref: `#/channels/ws/messages/${code}` }],
      reply: { channel: { $ref: '#/channels/ws' }, messages: [{ $ref: '#/channels/ws/messages/reply' }] },
    };
  };
  for (const { type, code, entry } of entries)
    add(code, type, `Command. Who may send it: ${whoMay(entry.access)}.`, entry.content ?? {});
  for (const code of [...QUERY_CODES].sort())
    add(
      code,
      `Query ${code}`,
      `Query (appends nothing). Who may send it: ${whoMay(queryAccess(code))}.`,
      QUERY_CONTENT[code] ?? {},
    );
  add(
    'sa',
    'Authenticate',
    "Authenticates the socket with a login token (`token`), or as a stream overlay page with its link's token (`overlay`: the socket then receives only the overlay scope and may send only sg and ping); first message of every socket. A player token older than a day is answered with a renewed `token` to keep instead.",
    { token: 'string', overlay: 'string' },
  );
  add(
    'sg',
    'Get views',
    "The views of the socket's user as a snapshot, with their versions; with `scopes` (a list of scope names) only those of them (pushes still come for every scope).",
    { scopes: 'array' },
  );
  add('ping', 'Ping', 'Answered with the server time.', {});
  const channelMessages: Record<string, Yaml> = {
    reply: { $ref: '#/components/messages/reply' },
    st: { $ref: '#/components/messages/st' },
  };
  for (const code of Object.keys(messages)) channelMessages[code] = { $ref: `#/components/messages/${code}` };
  operations.push = {
    action: 'send',
    channel: { $ref: '#/channels/ws' },
    messages: [{ $ref: '#/channels/ws/messages/st' }],
  };
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Quiz-Show realtime protocol',
      version: '2',
      description:
        'Generated from src/commands/table.ts and src/queries/query-table.ts by `npm run asyncapi`; do not edit by hand. The prose contract is PROTOCOL.md.',
    },
    servers: { local: { host: 'localhost:3000', pathname: '/ws', protocol: 'ws' } },
    channels: { ws: { address: '/ws', messages: channelMessages } },
    operations,
    components: {
      messages: {
        ...messages,
        reply: REPLY,
        st: {
          name: 'st',
          summary:
            'A push of one scope (global, team, user, moderator, tester, operator): its version and the whole value or a JSON patch.',
          payload: {
            type: 'object',
            properties: {
              type: { const: 'st' },
              content: {
                type: 'object',
                properties: {
                  scope: { type: 'string' },
                  version: { type: 'integer' },
                  value: {},
                  patch: { type: 'array' },
                },
              },
            },
          },
        },
      },
    },
  };
}

/** A small YAML writer for the document above (maps, lists, scalars). */
export function toYaml(value: Yaml, indent = ''): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return ' []';
    return value.map((item) => `\n${indent}-${block(item, `${indent}  `)}`).join('');
  }
  if (value !== null && typeof value === 'object') {
    const fields = Object.entries(value);
    if (fields.length === 0) return ' {}';
    return fields.map(([key, field]) => `\n${indent}${scalar(key)}:${block(field, `${indent}  `)}`).join('');
  }
  return ` ${scalar(value)}`;
}

function block(value: Yaml, indent: string): string {
  return toYaml(value, indent);
}

function scalar(value: string | number | boolean | null): string {
  if (typeof value !== 'string') return String(value);
  return /^[A-Za-z0-9_./-][A-Za-z0-9_ ./-]*$/.test(value) && !/^(true|false|null|yes|no|\d.*)$/i.test(value)
    ? value
    : JSON.stringify(value);
}

export function asyncApiYaml(): string {
  return `# Generated by npm run asyncapi from the command table; do not edit.${toYaml(asyncApiDocument())}\n`;
}
