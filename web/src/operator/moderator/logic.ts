/** Pure rules of the moderator screens: points chart, picture folders and presentation. */
import type { FolderEntry } from '@wire/replies';
import { roundPoints, type PointsRow, type PointsTable } from '../../logic/placement';

/* ---------- points ---------- */

/** Each team's running total after each round (the chart's lines). */
export function cumulativeSeries(overview: PointsTable): Array<{ row: PointsRow; points: number[] }> {
  return overview.sortedTeams.map((row) => {
    let sum = 0;
    return { row, points: overview.rounds.map((_, i) => (sum += roundPoints(row, i))) };
  });
}

/** A rounded axis maximum (1, 2, 5 × 10^n) at or above the highest value, and its tick values. */
export function niceAxis(max: number, targetTicks = 5): { max: number; ticks: number[] } {
  if (!(max > 0)) return { max: 1, ticks: [0, 1] };
  const rough = max / targetTicks;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  // Points are whole numbers: no tick between them.
  const step = Math.max(1, [1, 2, 5, 10].map((f) => f * magnitude).find((s) => s >= rough) ?? 10 * magnitude);
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= top + step / 2; v += step) ticks.push(Math.round(v * 1e6) / 1e6);
  return { max: top, ticks };
}

export interface ChartFrame {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Maps a round index and a value into the chart's drawing area (y grows downwards). */
export function chartPoint(
  frame: ChartFrame,
  roundCount: number,
  axisMax: number,
  index: number,
  value: number,
): { x: number; y: number } {
  const innerWidth = frame.width - frame.left - frame.right;
  const innerHeight = frame.height - frame.top - frame.bottom;
  const x = frame.left + (roundCount <= 1 ? innerWidth / 2 : (index / (roundCount - 1)) * innerWidth);
  const y = frame.top + innerHeight - (Math.max(0, value) / axisMax) * innerHeight;
  return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
}

/** Distinct, readable line colours; beyond the palette the hue keeps turning by the golden angle. */
const PALETTE = [
  '#5b3fd6',
  '#e53935',
  '#1e88e5',
  '#43a047',
  '#f9a825',
  '#ec407a',
  '#00897b',
  '#6d4c41',
  '#8e24aa',
  '#3949ab',
  '#c0ca33',
  '#fb8c00',
];
export function seriesColour(index: number): string {
  if (index < PALETTE.length) return PALETTE[index];
  return `hsl(${Math.round((index * 137.508) % 360)} 65% 42%)`;
}

/* ---------- picture viewer ---------- */

export type { FolderEntry };

/** The `muf` reply's entries as the viewer lists them: folders first, then by name. */
export function foldersFirst(entries: readonly FolderEntry[]): FolderEntry[] {
  return [...entries].sort((a, b) => Number(a.isFile) - Number(b.isFile) || a.name.localeCompare(b.name, 'de'));
}

const segments = (folder: string) => folder.split('/').filter((s) => s !== '' && s !== '.');

export function joinFolder(folder: string, name: string): string {
  return [...segments(folder), ...segments(name)].join('/');
}

export function parentFolder(folder: string): string {
  return segments(folder).slice(0, -1).join('/');
}

/** The image address of an uploaded file: GET /api/uploads/<path>, each path segment encoded. */
export function uploadUrl(prefix: string, folder: string, fileName: string): string {
  return prefix + joinFolder(folder, fileName).split('/').map(encodeURIComponent).join('/');
}

/**
 * The team of a picture: a path segment or the leading digits of the file name that is a team id
 * ("team/12/foto.png", "12_foto.png"), else a segment equal to a team name, else the folder's name.
 */
export function pictureTeamName(
  folder: string,
  fileName: string,
  teams: ReadonlyArray<{ id: string; name: string }>,
): string {
  const byId = new Map(teams.map((team) => [team.id, team.name]));
  const parts = segments(folder);
  const leadingId = /^(\d+)[_\-. ]/.exec(fileName)?.[1];
  for (const candidate of [...parts].reverse().concat(leadingId ? [leadingId] : [])) {
    const name = byId.get(candidate);
    if (name !== undefined) return name;
  }
  const named = [...parts].reverse().find((part) => teams.some((team) => team.name === part));
  return named ?? parts[parts.length - 1] ?? '';
}

/** Presentation: starts before the first picture (-1); next and before stay within -1 .. count-1. */
export function stepPresentation(index: number, count: number, direction: 1 | -1): number {
  return Math.min(Math.max(index + direction, -1), count - 1);
}
