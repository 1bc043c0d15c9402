/** The replay's place in the address (?night=…&pos=…), so a position can be shared and reloaded. */

export interface ReplayParams {
  night: string | null;
  pos: number | null;
}

export function readReplayParams(search: string): ReplayParams {
  const params = new URLSearchParams(search);
  const pos = params.get('pos');
  const parsed = pos === null ? Number.NaN : Number(pos);
  return { night: params.get('night') || null, pos: Number.isInteger(parsed) && parsed >= 0 ? parsed : null };
}

/** The search string with `night` and `pos` set (null removes them), other parameters kept. */
export function withReplayParams(search: string, change: Partial<ReplayParams>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(change)) {
    if (value === null || value === undefined) params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function currentReplayParams(): ReplayParams {
  return typeof window === 'undefined' ? { night: null, pos: null } : readReplayParams(window.location.search);
}

/** Replaces the address without a navigation (no history entry per step). */
export function storeReplayParams(change: Partial<ReplayParams>): void {
  if (typeof window === 'undefined') return;
  const search = withReplayParams(window.location.search, change);
  if (search === window.location.search) return;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
}
