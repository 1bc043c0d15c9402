import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CURRENT_VERSION, EVENT_TYPES } from '../../events';
import { eventCatalogue } from '../../src/docs/event-catalogue';

const root = path.resolve(__dirname, '..', '..');

describe('docs/events.md', () => {
  const generated = eventCatalogue(root);

  it('is what events/ generates (run `npm run events:catalogue` after changing events/)', () => {
    const committed = readFileSync(path.join(root, 'docs', 'events.md'), 'utf8');
    if (committed !== generated)
      throw new Error('docs/events.md is out of date: run `npm run events:catalogue` and commit docs/events.md.');
  });

  it('has a section for every event type with its current version', () => {
    for (const type of EVENT_TYPES) {
      const section = generated.split(`\n### ${type}\n`)[1]?.split('\n### ')[0] ?? '';
      expect(section).toContain(`- Version: ${CURRENT_VERSION[type]}\n`);
    }
  });

  it('lists fields with their types, the streams, the upcasters and the personal data', () => {
    const section = (type: string) => generated.split(`\n### ${type}\n`)[1]!.split('\n### ')[0]!;
    expect(section('UserRegistered')).toContain(
      '| `email` | `string \\| null` | Personal data (an erased person: null).',
    );
    expect(section('UserRegistered')).toContain('- Stream: `user-<userId>`');
    expect(section('UploadRecorded')).toContain('- Stream: `team-<teamId>` or `user-<userId>`');
    expect(section('TeamCreated')).toMatch(/version 1 → 2 \(data `TeamCreatedDataV1`\); adds `stadt`/);
    expect(section('TeamCreated')).toMatch(/version 2 → 3 .*adds `number`/);
    expect(section('LobbyChatMessagePosted')).toContain('older versions carried `name`');
    expect(section('UserErased')).toContain('Gelöschtes Konto');
    expect(section('Role')).toContain('`"admin" | "moderator" | "tester"`');
    expect(section('UberMode')).toContain('"quiz-single"');
  });
});
