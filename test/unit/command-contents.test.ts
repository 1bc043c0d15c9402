import { readFileSync } from 'node:fs';
import path from 'node:path';
import { commandTable, WIRE_COMMANDS } from '../../src/commands';
import { commandContentsSource } from '../../src/docs/command-contents';
import { QUERY_CODES } from '../../src/queries/query-table';
import { MAINTENANCE_EXEMPT_CODES } from '../../wire/command-contents';

describe('wire/command-contents.ts', () => {
  it('is what the command and query tables generate (run `npm run wire:contents` after changing them)', () => {
    const committed = readFileSync(path.resolve(__dirname, '..', '..', 'wire', 'command-contents.ts'), 'utf8');
    expect(committed === commandContentsSource()).toBe(true);
  });

  it('has every socket command and query, each with its declared fields', () => {
    const source = commandContentsSource();
    for (const code of [...Object.keys(WIRE_COMMANDS), ...QUERY_CODES])
      expect(source).toMatch(new RegExp(`^  ${code}: `, 'm'));
    expect(source).toContain('  gp: { message?: string };');
    expect(source).toContain('  gj: { id?: string | number; password?: string };');
  });

  it('names as passing during maintenance exactly the entries that declare it (ara)', () => {
    const declared = Object.values(commandTable)
      .filter((entry) => 'duringMaintenance' in entry && entry.duringMaintenance !== undefined)
      .map((entry) => entry.wire);
    expect([...MAINTENANCE_EXEMPT_CODES]).toEqual(declared);
    expect(MAINTENANCE_EXEMPT_CODES).toEqual(['ara']);
  });
});
