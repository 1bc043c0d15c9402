/**
 * A type-level test of the web app's `command(type, content)` (web/src/realtime/connection.ts), typed
 * by wire/command-contents.ts: `npm run typecheck` compiles this file (test/web/tsconfig.json), and
 * each `@ts-expect-error` fails the typecheck when the line below it compiles after all. Nothing runs it.
 */
import { command } from '../../web/src/realtime/connection';
import { useCommand } from '../../web/src/operator/shared';

declare const message: string;

export function commandsAsTheTablesDeclareThem(): void {
  void command('gp', { message });
  // @ts-expect-error gp has no field `nonsense`
  void command('gp', { nonsense: 1 });
  // @ts-expect-error gp's message is text
  void command('gp', { message: 1 });
  void command('gl');
  // @ts-expect-error gl carries no content
  void command('gl', { id: 'x' });
  void command('gj', { id: 7, password: 'geheim' });
  void command('mup', { quiz: 'q-1' });
}

export function operatorCommandsToo(send: ReturnType<typeof useCommand>): void {
  void send('ara', { recheckAt: 0 }, 'erledigt');
  // @ts-expect-error ara's field is recheckAt
  void send('ara', { reconnectAt: 0 });
}
