/**
 * Hostile frames for the realtime endpoint (fast-check arbitraries): every message type of the
 * catalogue (the command table's wire codes, the queries, sa/sg/ping) and unknown ones, their fields
 * filled with hostile values (strings with NUL and unpaired surrogates, numbers JSON cannot even hold,
 * deep nesting, prototype keys, huge and catastrophic regular expressions), now and then the sane value
 * that lets a frame reach a rule, and malformed frames. Frames are written as JSON text by hand, so
 * that `__proto__` is a plain key and numbers like 1e999 reach the server as sent.
 */
import fc from 'fast-check';
import { entryOf, WIRE_COMMANDS } from '../../src/commands';
import { QUERY_CODES } from '../../src/queries/query-table';

export const SENDERS = ['visitor', 'player', 'member', 'tester', 'moderator', 'admin'] as const;
export type Sender = (typeof SENDERS)[number];

/** The catalogue: every code a client may send, and what the fuzzer calls the other families. */
export const COMMAND_CODES = Object.keys(WIRE_COMMANDS);
export const SESSION_CODES = ['sa', 'sg', 'ping'];
export const CATALOGUE = [...COMMAND_CODES, ...QUERY_CODES, ...SESSION_CODES];

/** The ids of the fuzzed world, so that sane values can point at things that exist. */
export interface WorldIds {
  quiz: string;
  team: string;
  user: string;
  answer: string;
  /** A user who sends nothing: moderation commands (abl) may act on them without closing a fuzzing socket. */
  bystander: string;
}

/** A JSON value as the fuzzer writes it: objects as key/value pairs (any key), numbers as raw text. */
export type Json = null | boolean | string | { raw: string } | Json[] | { pairs: Array<[string, Json]> };

export function serialize(value: Json): string {
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return JSON.stringify(value); // lone surrogates come out as \udXXX escapes
  if (Array.isArray(value)) return `[${value.map(serialize).join(',')}]`;
  if ('raw' in value) return value.raw;
  return `{${value.pairs.map(([k, v]) => `${JSON.stringify(k)}:${serialize(v)}`).join(',')}}`;
}

const CATASTROPHIC_REGEXES = [
  '(a|aa|aaa)+$',
  '(a+)+$',
  '(a|a?)+b',
  '(.*a){20}!x',
  '((a{10}){10}){10}x',
  '(x+x+)+y',
  '(\\w+\\s?)*$',
  '^(([a-z])+.)+[A-Z]([a-z])+$',
  '(a)\\1',
  '(?=a)b',
  '(?<=a)b',
  '(?<!a)b',
  '(?!x)y',
  '[',
  '(',
  'a{2,1}',
  '\\',
  '(?<n>a)\\k<n>',
  '.{1000}x',
  '[^]',
  '\\p{L}+',
  '(?i)abc',
  `(${'a|'.repeat(400)}a)+$`,
  `${'('.repeat(300)}a${')'.repeat(300)}`,
  'a{1000}{1000}',
  `${'a?'.repeat(500)}${'a'.repeat(500)}`,
];

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\ude00x',
  '\ud83d\ude00',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '../..',
  '../../etc/passwd',
  '/etc/passwd',
  'C:\\Windows',
  '%s%n%x',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  "'; DROP TABLE events; --",
  '\u202eevil',
  '\ufeff',
  'İ',
  'ß',
  'ﬃ',
  '\r\n',
  '\t',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e999',
  'true',
  'Fusionsteam',
  '(none)',
  'quiz-single',
  'pause',
  'correct',
  'heal',
  'deal',
  'global.allowNewRegistrations',
  'moderator.heal_deal.startHp',
  'x'.repeat(5_000),
];

const RAW_NUMBERS = [
  '0',
  '-0',
  '1',
  '-1',
  '0.5',
  '-0.5',
  '1e999',
  '-1e999',
  '1e-999',
  '9007199254740993',
  '123456789012345678901234567890',
  '1.7976931348623157e308',
  '5e-324',
  '2147483648',
  '-2147483649',
  '4294967296',
  '1e21',
  '0.1e1',
];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  {
    arbitrary: fc
      .array(fc.constantFrom(...NASTY_STRINGS.slice(0, 20), 'a', 'Ä'), { maxLength: 8 })
      .map((parts) => parts.join('')),
    weight: 2,
  },
  { arbitrary: fc.constantFrom(...CATASTROPHIC_REGEXES), weight: 1 },
);

const hostileNumber: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom(...RAW_NUMBERS).map((raw) => ({ raw })),
  fc.integer().map((n) => ({ raw: String(n) })),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => ({ raw: JSON.stringify(n) })),
  fc.integer({ min: -3, max: 12 }).map((n) => ({ raw: String(n) })),
);

const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'type',
  'passwordOk',
  'inviteId',
  'fusionPassword',
];

/** Any hostile JSON value, nesting included. */
export const hostileValue: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    // Bounded: an unbounded tree of arrays and objects (each leaf up to 5,000 characters) outgrew the fuzzer's own heap.
    { depthSize: 'small', maxDepth: 3, withCrossShrink: true },
    { arbitrary: hostileString, weight: 5 },
    { arbitrary: hostileNumber, weight: 3 },
    { arbitrary: fc.constantFrom<Json>(null, true, false), weight: 1 },
    { arbitrary: fc.array(tie('value'), { maxLength: 3 }), weight: 1 },
    {
      arbitrary: fc
        .array(fc.tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS), hostileString), tie('value')), { maxLength: 3 })
        .map((pairs) => ({ pairs })),
      weight: 1,
    },
  ),
})).value;

/** Nesting far deeper than any real content: arrays or objects, thousands deep (written as text: no recursion here). */
const deepNesting: fc.Arbitrary<Json> = fc
  .tuple(fc.integer({ min: 100, max: 5_000 }), fc.boolean(), hostileString)
  .map(([depth, arrays, leaf]) => ({
    raw: arrays
      ? `${'['.repeat(depth)}${JSON.stringify(leaf)}${']'.repeat(depth)}`
      : `${'{"x":'.repeat(depth)}${JSON.stringify(leaf)}${'}'.repeat(depth)}`,
  }));

/** The fields each code reads (and a few it does not), so that hostile values reach the parsers. */
const FIELDS: Record<string, string[]> = {
  sa: ['token'],
  ulc: ['message'],
  gj: ['id', 'password'],
  gi: ['token'],
  sp: ['message'],
  gl: [],
  gu: ['url', 'stadt', 'beschreibung'],
  gp: ['message'],
  gc: ['message'],
  gd: ['number'],
  gf: ['number'],
  gs: ['number'],
  go: ['number'],
  ghd: ['kind', 'team'],
  ma: ['quiz', 'round', 'question'],
  mhr: ['quiz', 'round', 'question'],
  mc: ['time'],
  mn: [],
  mup: ['quiz'],
  mp: ['content'],
  mr: [],
  mq: [],
  mi: [],
  muf: ['folder'],
  mua: ['url', 'color', 'startX', 'startY', 'endX', 'endY'],
  muc: [],
  mum: ['modus'],
  mumm: ['message'],
  trx: ['quiz', 'round', 'question', 'regex', 'points', 'mark'],
  tu: ['answerId', 'change', 'checked', 'liked'],
  tua: ['answerId', 'value', 'checked', 'liked'],
  ta: ['quiz'],
  ao: ['message'],
  aff: ['flags'],
  asv: ['quiz', 'round', 'question'],
  aas: ['quiz', 'round', 'question', 'title', 'text'],
  ara: ['recheckAt'],
  arr: [],
  ati: ['id'],
  ali: ['id'],
  asu: ['path', 'value'],
  ahd: [],
  gz: ['strokes'],
  abl: ['userId', 'blocked'],
  mlh: ['messageId'],
  mgh: ['greetingId'],
  amu: ['userId', 'minutes'],
  mtr: ['teamId', 'userId'],
};

/** A value that lets the frame get past the parser to the rule. */
function saneValue(field: string, ids: WorldIds): fc.Arbitrary<Json> {
  const num = (min: number, max: number) => fc.integer({ min, max }).map((n): Json => ({ raw: String(n) }));
  switch (field) {
    case 'quiz':
      return fc.constant(ids.quiz);
    case 'id':
    case 'team':
      return fc.constantFrom(ids.team, ids.user);
    case 'teamId':
      return fc.constant(ids.team);
    case 'minutes':
      return num(0, 3);
    case 'round':
    case 'question':
      return num(1, 2);
    case 'number':
      return num(0, 5);
    case 'time':
    case 'recheckAt':
      return num(0, 3);
    case 'change':
    case 'value':
    case 'points':
      return num(-2, 6);
    case 'checked':
    case 'liked':
    case 'blocked':
      return fc.boolean();
    case 'userId':
      return fc.constant(ids.bystander);
    case 'answerId':
      return fc.constant(ids.answer);
    case 'kind':
      return fc.constantFrom('heal', 'deal');
    case 'modus':
      return fc.constantFrom('quiz', 'quiz-single', 'pause', 'quizzle');
    case 'mark':
      return fc.constantFrom('correct', 'wrong', 'unchecked');
    case 'regex':
      return fc.oneof(fc.constantFrom(...CATASTROPHIC_REGEXES), fc.constantFrom('^a', '.', 'Antwort'));
    case 'path':
      return fc.constantFrom(
        'global.allowNewRegistrations',
        'moderator.heal_deal.startHp',
        'moderator.heal_deal.healingPerRound.1',
      );
    case 'strokes':
      return fc.array(
        fc
          .record({
            width: num(1, 96),
            color: fc.constantFrom('#222222', '#E53935'),
            points: fc.array(fc.tuple(num(0, 720), num(0, 360)), { minLength: 1, maxLength: 20 }),
          })
          .map(({ width, color, points }): Json => ({
            pairs: [
              ['width', width],
              ['color', color],
              ['points', points],
            ],
          })),
        { maxLength: 5 },
      );
    case 'message':
    case 'stadt':
    case 'beschreibung':
    case 'title':
    case 'text':
      return fc.constantFrom('Antwort', 'Hallo', 'a'.repeat(40) + '!');
    default:
      return fc.constantFrom('x', '');
  }
}

function contentFor(code: string, ids: WorldIds): fc.Arbitrary<Json> {
  // Own keys only: an unknown type may well be '__proto__' or 'toString'.
  const fields = Object.prototype.hasOwnProperty.call(FIELDS, code) ? FIELDS[code]! : ['message', 'id', 'quiz'];
  const field = (name: string) =>
    fc.tuple(
      fc.constant(name),
      fc.oneof({ arbitrary: hostileValue, weight: 1 }, { arbitrary: saneValue(name, ids), weight: 1 }),
    );
  const extra = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS), hostileString), hostileValue), {
    maxLength: 2,
  });
  const deep = fc.oneof({ arbitrary: fc.constant(null), weight: 19 }, { arbitrary: deepNesting, weight: 1 });
  return fc
    .tuple(
      fc.subarray(fields).chain((names) => fc.tuple(...names.map(field))),
      extra,
      deep,
    )
    .map(([known, unknown, deep]): Json => ({
      pairs: [
        ...(known as Array<[string, Json]>),
        ...unknown,
        ...(deep === null ? [] : [['deep', deep] as [string, Json]]),
      ],
    }));
}

export interface FuzzFrame {
  sender: Sender;
  /** The message type as sent (or a placeholder for malformed frames). */
  type: string;
  family: 'command' | 'query' | 'session' | 'unknown' | 'malformed';
  /** The frame's text. */
  raw: string;
  /** The id the reply must carry: the envelope's id when readable (a string or a finite number), else null. */
  replyTo: string | number | null;
}

/** Envelope ids: mostly fresh numbers, sometimes hostile ones (the reply must still carry them). */
const envelopeId: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 2 ** 31 }).map(String), weight: 6 },
  { arbitrary: hostileString.map((s) => JSON.stringify(s)), weight: 2 },
  {
    arbitrary: fc.constantFrom('-0', '-0.5', '0', '9007199254740993', 'null', 'true', '[1]', '{"a":1}', '1e999'),
    weight: 2,
  },
);

function envelopeFrame(
  sender: Sender,
  code: string,
  family: FuzzFrame['family'],
  ids: WorldIds,
): fc.Arbitrary<FuzzFrame> {
  return fc
    .tuple(envelopeId, contentFor(code, ids))
    .map(([id, content]) =>
      frame(sender, code, family, `{"type":${JSON.stringify(code)},"id":${id},"content":${serialize(content)}}`),
    );
}

/** The most a frame may hold (the endpoint closes the socket above 64 KB, which bad-input.test.ts covers). */
const MAX_FRAME_BYTES = 60_000;

export function frame(sender: Sender, type: string, family: FuzzFrame['family'], raw: string): FuzzFrame {
  // What arrives is the UTF-8 of the text: a lone surrogate written raw becomes U+FFFD on the way.
  return { sender, type, family, raw, replyTo: readableIdOf(Buffer.from(raw, 'utf8').toString('utf8')) };
}

const MALFORMED = [
  '',
  '{',
  '[]',
  '42',
  'null',
  '"gp"',
  '{"type":"gp"',
  '{"type":7,"id":1}',
  '{"id":1}',
  '{"type":"","id":1}',
  '{"type":"gp","id":1,"content":"x"}',
  '{"type":"gp","id":1,"content":[1]}',
  `{"type":"${'x'.repeat(30)}","id":1}`,
  '\u0000',
  '{"type":"gp","id":1,}',
];

function malformedFrame(sender: Sender): fc.Arbitrary<FuzzFrame> {
  return fc
    .oneof(fc.constantFrom(...MALFORMED), fc.string({ unit: 'binary', maxLength: 60 }))
    .map((raw) => frame(sender, '(malformed)', 'malformed', raw));
}

/** What the server can read as the frame's id: the reply to an unparseable frame carries null. */
function readableIdOf(raw: string): string | number | null {
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const id = (parsed as Record<string, unknown>).id;
    return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
  } catch {
    return null;
  }
}

/** The senders the command table lets send a code (a member for commands of any user): half the frames come from one of them, so that they reach the rules. */
function allowedSenders(code: string): Sender[] {
  const entry = Object.prototype.hasOwnProperty.call(WIRE_COMMANDS, code) ? entryOf(WIRE_COMMANDS[code]!) : undefined;
  const access = entry?.access ?? { anyOf: ['moderator'] as const };
  if (access === 'anyone') return [...SENDERS];
  if (access === 'user') return ['member', 'player'];
  return SENDERS.filter((s) => (access.anyOf as readonly string[]).includes(s));
}

function senderFor(code: string): fc.Arbitrary<Sender> {
  const allowed = allowedSenders(code);
  return fc.oneof(fc.constantFrom(...SENDERS), fc.constantFrom(...(allowed.length > 0 ? allowed : SENDERS)));
}

/** A hostile frame from a socket of any role. */
export function hostileFrame(ids: WorldIds): fc.Arbitrary<FuzzFrame> {
  const unknownType = fc
    .oneof(hostileString, fc.constantFrom('xyz', 'st', 'reply', 'GP', 'gp ', 'toString', '__proto__', 'constructor'))
    .filter((t) => t.length > 0 && t.length <= 20 && !CATALOGUE.includes(t));
  return fc
    .oneof(
      {
        arbitrary: fc
          .constantFrom(...COMMAND_CODES)
          .chain((code) => senderFor(code).chain((sender) => envelopeFrame(sender, code, 'command', ids))),
        weight: 12,
      },
      {
        arbitrary: fc
          .constantFrom(...QUERY_CODES)
          .chain((code) => senderFor(code).chain((sender) => envelopeFrame(sender, code, 'query', ids))),
        weight: 2,
      },
      {
        arbitrary: fc
          .tuple(fc.constantFrom(...SESSION_CODES), fc.constantFrom(...SENDERS))
          .chain(([code, sender]) => envelopeFrame(sender, code, 'session', ids)),
        weight: 2,
      },
      {
        arbitrary: fc
          .tuple(unknownType, fc.constantFrom(...SENDERS))
          .chain(([code, sender]) => envelopeFrame(sender, code, 'unknown', ids)),
        weight: 1,
      },
      { arbitrary: fc.constantFrom(...SENDERS).chain(malformedFrame), weight: 1 },
    )
    .filter((f) => Buffer.byteLength(f.raw, 'utf8') <= MAX_FRAME_BYTES);
}
