/** Pure helpers of the admin panels; the game's rules come from projections/live. */
import { compareGerman, sortByGermanName } from '../../logic/german';
import type { HealDealStatus } from '../../realtime/views';

export const ADD_SECONDS_MS = 60_000;
export const HEAL_DEAL_REFRESH_MS = 1000;

/** Feature flags are saved only as valid JSON text. */
export function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Flags as text for the editor: text as it is, objects pretty-printed. */
export function flagsText(flags: unknown): string {
  if (flags === undefined || flags === null) return '';
  return typeof flags === 'string' ? flags : JSON.stringify(flags, null, 2);
}

/** A whole number typed into a settings field; null otherwise. */
export function parseWholeNumber(value: string): number | null {
  if (!/^\s*-?\d+\s*$/.test(value)) return null;
  return Number(value);
}

/** Recheck time as a readable ISO date; empty for anything that is not a time. */
export function isoOf(epochMs: number): string {
  const date = new Date(epochMs);
  return Number.isFinite(date.getTime()) ? date.toISOString() : '';
}

export interface HealDealRow extends HealDealStatus {
  id: string;
}

/** Overview rows: the server's statuses (total and zombie included), sorted by total (highest first), then name. */
export function healDealRows(statuses: Record<string, HealDealStatus> | undefined): HealDealRow[] {
  return Object.entries(statuses ?? {})
    .map(([id, status]) => ({ id, ...status }))
    .sort((a, b) => b.total - a.total || compareGerman(a.name, b.name));
}

/** Users for the login-link list, sorted by name. */
export function sortByName<T extends { name: string }>(items: readonly T[]): T[] {
  return sortByGermanName(items, (item) => item.name);
}
