import fs from 'node:fs';
import path from 'node:path';
import { SHIP_ANSWER_TEXTS } from '../../projections/live';
import { engineTexts, specTexts } from '../../src/commands/texts';

/** Every German rejection text must be triggered by at least one rule test (as a literal there). */
const testSources = fs.readdirSync(__dirname)
  .filter((f) => f.endsWith('.test.ts') && f !== path.basename(__filename))
  .map((f) => fs.readFileSync(path.join(__dirname, f), 'utf8'))
  .join('\n');

/** The literal part of a text: templates are cut at their first placeholder. */
function literalOf(text: string | ((...args: never[]) => string)): string {
  return typeof text === 'string' ? text : (text as (...args: string[]) => string)('\u0000', '\u0000').split('\u0000')[0]!;
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
});
