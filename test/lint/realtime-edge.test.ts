/**
 * The socket edge stays split (docs/decisions/doors.md): the gateway is Nest glue, the router and the
 * authentication know neither `ws` nor Nest (the router's tests run without a socket), and no file of
 * src/realtime/ grows into the class the gateway once was.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const realtime = path.resolve(__dirname, '../../src/realtime');
const lines = (file: string) => readFileSync(path.join(realtime, file), 'utf8').split('\n').length - 1;
const packagesOf = (file: string) =>
  ts
    .preProcessFile(readFileSync(path.join(realtime, file), 'utf8'), true, true)
    .importedFiles.map((i) => i.fileName)
    .filter((name) => !name.startsWith('.'));

describe('the socket edge', () => {
  it('given the router, the envelope, the authentication and the secured parts, then none imports ws or Nest', () => {
    for (const file of ['router.ts', 'envelope.ts', 'session.ts', 'socket-auth.ts', 'secured-parts.ts']) {
      expect({
        file,
        packages: packagesOf(file).filter((name) => name === 'ws' || name.startsWith('@nestjs/')),
      }).toEqual({ file, packages: [] });
    }
  });

  it('given src/realtime/, then the gateway has at most 150 lines and no file more than 250', () => {
    expect(lines('realtime.gateway.ts')).toBeLessThanOrEqual(150);
    const long = readdirSync(realtime)
      .filter((file) => file.endsWith('.ts') && lines(file) > 250)
      .map((file) => `${file}: ${lines(file)} lines`);
    expect(long).toEqual([]);
  });
});
