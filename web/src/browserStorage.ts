/** The browser's local (kept) or session (this tab's) storage, or null where it is refused (blocked cookies, no window). */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}
