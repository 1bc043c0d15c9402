import fs from 'node:fs';
import path from 'node:path';
import { SHIP_ANSWER_TEXTS } from '../../projections/live';
import { engineTexts, specTexts } from '../../src/commands/texts';
import * as accounts from '../../src/commands/accounts';
import * as decide from '../../src/commands/decide';
import * as drawing from '../../src/commands/drawing';
import * as forms from '../../src/commands/forms';
import * as guards from '../../src/commands/guards';
import * as healDeal from '../../src/commands/heal-deal';
import * as identity from '../../src/commands/identity';
import * as moderation from '../../src/commands/moderation';
import * as night from '../../src/commands/night';
import * as proposals from '../../src/commands/proposals';
import * as quizContent from '../../src/commands/quiz-content';
import * as quizzes from '../../src/commands/quizzes';
import * as ship from '../../src/commands/ship';
import * as show from '../../src/commands/show';
import * as teams from '../../src/commands/teams';
import * as uploads from '../../src/commands/uploads';
import * as userRoles from '../../src/commands/user-roles';

/** Every German rejection text must be triggered by at least one rule test (as a literal there). */
const testSources = fs
  .readdirSync(__dirname)
  .filter((f) => f.endsWith('.test.ts') && f !== path.basename(__filename))
  .map((f) => fs.readFileSync(path.join(__dirname, f), 'utf8'))
  .join('\n');

/** Each command slice's own texts (`<AREA>_COMMAND_TEXTS` beside its commands), by name. */
const SLICES = [
  accounts,
  decide,
  drawing,
  forms,
  guards,
  healDeal,
  identity,
  moderation,
  night,
  proposals,
  quizContent,
  quizzes,
  ship,
  show,
  teams,
  uploads,
  userRoles,
];
const sliceTexts: Array<[string, string]> = SLICES.flatMap((slice) =>
  Object.entries(slice).filter(([name]) => name.endsWith('_COMMAND_TEXTS')),
).flatMap(([slice, byName]) =>
  Object.entries(byName as Record<string, string>).map(
    ([name, text]) => [`${slice}.${name}`, text] as [string, string],
  ),
);

/** The literal part of a text: templates are cut at their first placeholder. */
function literalOf(text: string | ((...args: never[]) => string)): string {
  return typeof text === 'string'
    ? text
    : (text as (...args: string[]) => string)('\u0000', '\u0000').split('\u0000')[0]!;
}

describe('rejection texts', () => {
  it.each(Object.entries(specTexts))('spec text %s is triggered in a rule test', (_name, text) => {
    expect(testSources).toContain(literalOf(text));
  });

  it.each(Object.entries(SHIP_ANSWER_TEXTS))('ship answer text %s is triggered in a rule test', (_name, text) => {
    expect(testSources).toContain(literalOf(text));
  });

  it.each(Object.entries(engineTexts))('engine text %s is triggered in a rule test', (_name, text) => {
    expect(testSources).toContain(literalOf(text));
  });

  it('given the command slices, then each has its texts', () => {
    expect(sliceTexts.length).toBeGreaterThan(80);
  });

  it.each(sliceTexts)('slice text %s is triggered in a rule test', (_name, text) => {
    expect(testSources).toContain(literalOf(text));
  });
});
