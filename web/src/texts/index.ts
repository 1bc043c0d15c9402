import { de, type Texts } from './de';
import { deQuiz } from './de-quiz';

export type { Texts };

export const LOCALES: Record<string, Texts> = { de, 'de-quiz': deQuiz };
export const DEFAULT_LOCALE = 'de-quiz';
const STORAGE_KEY = 'locale';

/** The primary locale: `?lang=` (remembered), else the remembered one, else the special quiz locale. */
export function pickLocale(search: string, stored: string | null): string {
  const fromUrl = new URLSearchParams(search).get('lang');
  if (fromUrl && LOCALES[fromUrl]) return fromUrl;
  if (stored && LOCALES[stored]) return stored;
  return DEFAULT_LOCALE;
}

/** Special quiz mode: the primary locale ends with "quiz". */
export function isSpecialLocale(locale: string): boolean {
  return locale.endsWith('quiz');
}

function readLocale(): string {
  if (typeof window === 'undefined') return DEFAULT_LOCALE;
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    stored = null;
  }
  const locale = pickLocale(window.location.search, stored);
  try {
    window.localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    /* private mode: not remembered */
  }
  return locale;
}

export const locale = readLocale();
export const specialMode = isSpecialLocale(locale);
/** The texts of the primary locale. */
export const t: Texts = LOCALES[locale] ?? deQuiz;
