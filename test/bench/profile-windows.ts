/**
 * node dist-bench/test/bench/profile-windows.js <server.cpuprofile> <windows.json>
 *
 * What a server process spent its CPU on inside given time windows (bench:ws writes the windows of its
 * timed question starts as `question-starts.json` beside the profiles when BENCH_PROFILE_DIR is set):
 * the samples of a `node --cpu-prof` profile whose time falls into a window, each put into one part by
 * the first frame from its leaf up that names one (socket writes, store append, fold, views,
 * serialisation, read projections, the command pipeline, garbage collection). The profile's clock and
 * the windows' (`process.hrtime`, microseconds) are the same monotonic clock of the machine.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Window {
  from: number;
  to: number;
}

/** The parts, in the order a stack is searched for them from its leaf up: the first that matches a frame wins. */
const PARTS: Array<[string, (url: string, fn: string) => boolean]> = [
  ['garbage collection', (_url, fn) => fn === '(garbage collector)'],
  [
    'socket writes (ws, net, libuv)',
    (url, fn) =>
      /node_modules\/ws\/lib\/(sender|websocket)\.js/.test(url) ||
      /^node:(net|internal\/streams|internal\/stream_base_commons)/.test(url) ||
      ['writev', 'writeBuffer', 'writeUtf8String', 'writeLatin1String'].includes(fn),
  ],
  ['serialisation (JSON, patches, bytes)', (url, fn) => /view-diff\.js/.test(url) || fn === 'stringify'],
  [
    'views (scopes, push hub)',
    (url) => /projections\/live\/views\//.test(url) || /src\/realtime\/(push-hub|scopes)\.js/.test(url),
  ],
  [
    'fold (evolve, live state)',
    (url) => /projections\/live\/state\//.test(url) || /src\/engine\/live-state\.js/.test(url),
  ],
  ['read projections', (url) => /projections\/read\//.test(url) || /node_modules\/typeorm\//.test(url)],
  [
    'store (append, PGlite)',
    (url) =>
      /^wasm:\/\//.test(url) ||
      /@electric-sql\/pglite/.test(url) ||
      /src\/store\//.test(url) ||
      /dist\/index\.cjs/.test(url),
  ],
  [
    'commands (gateway, pipeline, rules)',
    (url) =>
      /src\/(commands|engine|realtime)\//.test(url) || /projections\/live\/rules\//.test(url) || /events\//.test(url),
  ],
];
const OTHER = 'other';
const SOCKET = PARTS[1]![0];
const SERIALISATION = PARTS[2]![0];

export function summarise(
  profile: Profile,
  windows: Window[],
): { parts: Map<string, number>; totalMs: number; windows: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const partOfNode = new Map<number, string | null>();
  const partOf = (id: number): string | null => {
    if (partOfNode.has(id)) return partOfNode.get(id)!;
    const { url, functionName } = byId.get(id)!.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') return null;
    const parent = parentOf.get(id);
    const inherited = () => (parent === undefined ? OTHER : (partOf(parent) ?? OTHER));
    let part = PARTS.find(([, matches]) => matches(url, functionName))?.[0];
    // Bytes made for the socket are the socket's (ws copies each frame); any other bytes are serialisation.
    if (part === undefined && url === 'node:buffer') part = inherited() === SOCKET ? SOCKET : SERIALISATION;
    part ??= inherited();
    partOfNode.set(id, part);
    return part;
  };
  const sorted = [...windows].sort((a, b) => a.from - b.from);
  const parts = new Map<string, number>();
  let totalMs = 0;
  let at = profile.startTime;
  let w = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i]!;
    // A sample stands for the time until the next one.
    const lasted = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    while (w < sorted.length && sorted[w]!.to < at) w++;
    if (w >= sorted.length) break;
    if (at < sorted[w]!.from) continue;
    const part = partOf(profile.samples[i]!);
    if (part === null) continue;
    parts.set(part, (parts.get(part) ?? 0) + lasted);
    totalMs += lasted;
  }
  return { parts, totalMs, windows: windows.length };
}

function main(): void {
  const [profileFile, windowsFile] = process.argv.slice(2);
  if (!profileFile || !windowsFile) throw new Error('usage: profile-windows <server.cpuprofile> <windows.json>');
  const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as Profile;
  const windows = JSON.parse(readFileSync(windowsFile, 'utf8')) as Window[];
  const inside = windows.filter((w) => w.to >= profile.startTime && w.from <= profile.endTime);
  const { parts, totalMs } = summarise(profile, inside);
  console.log(
    `${inside.length} windows inside the profile; sampled CPU ${totalMs.toFixed(1)} ms, ${(totalMs / Math.max(1, inside.length)).toFixed(1)} ms per window`,
  );
  for (const [part, ms] of [...parts].sort((a, b) => b[1] - a[1])) {
    console.log(
      `${(ms / Math.max(1, inside.length)).toFixed(2).padStart(8)} ms  ${((100 * ms) / totalMs).toFixed(1).padStart(5)} %  ${part}`,
    );
  }
}

if (require.main === module) main();
