import { readFileSync } from 'node:fs';
import path from 'node:path';
import { commandTable, WIRE_COMMANDS } from '../../src/commands';
import { asyncApiDocument, asyncApiYaml } from '../../src/docs/asyncapi';
import { QUERY_CODES } from '../../src/queries/query-table';

describe('docs/asyncapi.yaml', () => {
  it('is what the command and query tables generate (run `npm run asyncapi` after changing them)', () => {
    const committed = readFileSync(path.resolve(__dirname, '..', '..', 'docs', 'asyncapi.yaml'), 'utf8');
    expect(committed === asyncApiYaml()).toBe(true);
  });

  it('describes every realtime message of the tables, each with its content fields and who may send it', () => {
    const doc = asyncApiDocument() as {
      components: { messages: Record<string, { summary: string; payload: { properties: { content: unknown } } }> };
    };
    for (const code of [...Object.keys(WIRE_COMMANDS), ...QUERY_CODES, 'sa', 'sg', 'ping']) {
      expect(doc.components.messages[code]?.summary).toMatch(/\w/);
    }
    for (const entry of Object.values(commandTable)) if (entry.wire) expect(entry.content).toBeDefined();
    expect(doc.components.messages.ma!.payload.properties.content).toEqual({
      type: 'object',
      properties: { quiz: { type: ['string', 'number'] }, round: { type: 'integer' }, question: { type: 'integer' } },
    });
    expect(doc.components.messages.ma!.summary).toContain('moderator');
  });
});
