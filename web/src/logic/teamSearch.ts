/** Find-team view: text filter, letter ranges, show-all and the fusion section. */
import { isFusionTeam } from '@live/rules/fusion-teams';

export interface SearchableTeam {
  id: string;
  name: string;
  stadt?: string;
  url?: string;
  isNew?: boolean;
}

export interface LetterRange {
  label: string;
  /** Lower-case first characters that belong to the range; null means "digits and other non-letters". */
  letters: string | null;
}

export const LETTER_RANGES: readonly LetterRange[] = [
  { label: 'A-C', letters: 'abc' },
  { label: 'D-F', letters: 'def' },
  { label: 'G-I', letters: 'ghi' },
  { label: 'J-L', letters: 'jkl' },
  { label: 'M-O', letters: 'mno' },
  { label: 'P-R', letters: 'pqr' },
  { label: 'S-U', letters: 'stu' },
  { label: 'V-Z', letters: 'vwxyz' },
  { label: '1-#', letters: null },
];

export const TEAM_SEARCH_MIN_CHARS = 2;

/** Folds umlauts to their base letter for the letter ranges (Ä → a, ß → s). */
function firstLetter(name: string): string {
  const first = name.trim().charAt(0).toLowerCase();
  const folded: Record<string, string> = { ä: 'a', ö: 'o', ü: 'u', ß: 's' };
  return folded[first] ?? first;
}

export function inLetterRange(name: string, range: LetterRange): boolean {
  const first = firstLetter(name);
  if (range.letters === null) return first === '' || !/^[a-z]$/.test(first);
  return first !== '' && range.letters.includes(first);
}

export interface TeamQuery {
  filter: string;
  showAll: boolean;
  range: LetterRange | null;
}

/**
 * The team list of the find-team view:
 * show-all lists everything; a filter of 2+ characters matches the name case-insensitively;
 * with an empty filter a chosen letter range lists the teams of that range that are not new;
 * otherwise the list is empty.
 */
export function filterTeams<T extends SearchableTeam>(teams: readonly T[], query: TeamQuery): T[] {
  const filter = query.filter.trim().toLowerCase();
  let result: T[];
  if (query.showAll) result = [...teams];
  else if (filter.length >= TEAM_SEARCH_MIN_CHARS) result = teams.filter((t) => t.name.toLowerCase().includes(filter));
  else if (filter === '' && query.range) {
    const range = query.range;
    result = teams.filter((t) => !t.isNew && inLetterRange(t.name, range));
  } else result = [];
  return result.sort((a, b) => a.name.localeCompare(b.name, 'de'));
}

/** The fusion section: only fusion teams outside the special quiz locale, all teams in it. */
export function fusionTeams<T extends SearchableTeam>(teams: readonly T[], specialLocale: boolean): T[] {
  return specialLocale ? [...teams] : teams.filter((t) => isFusionTeam(t.name));
}
