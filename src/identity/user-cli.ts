/**
 * npm run user -- list                          every user: login, name, roles
 * npm run user -- roles <login> <roles>         sets the roles, e.g. `admin,moderator`, or `-` for none
 * npm run user -- grant <login> <roles>         adds roles, e.g. `moderator`
 * npm run user -- revoke <login> <roles>        takes roles away
 *
 * For the first moderator before the show opens, or when no admin can log in. Uses the server's
 * configuration (DATA_DIR, DATABASE_URL, EVENTSTORE_URL). The embedded database can be open in one
 * process only: stop the server first; with Postgres or EventStoreDB it may run beside it (the running
 * server folds the change like any other). A change is the same event an admin's is, naming the
 * console and the OS account that ran it; the show always keeps an admin.
 */
import { hostname, userInfo } from 'node:os';
import { loadConfig } from '../config';
import { printedVersion } from '../version';
import { CommandPipeline } from '../engine/command-pipeline';
import { LiveStateService } from '../engine/live-state';
import { openStorage } from '../store/storage';
import { changeRolesFromConsole, roleText, rolesFromArgument, usersByLogin, type ChangeVerb } from './user-commands';

const USAGE =
  'Usage: npm run user -- list | roles <login> <admin,moderator,tester|-> | grant <login> <roles> | revoke <login> <roles>';
const VERBS: Record<string, ChangeVerb> = { roles: 'set', grant: 'grant', revoke: 'revoke' };

/** Who ran the command, as the event records it: the OS account and the machine. */
function consoleAccount(): string {
  let name = process.env.USER ?? process.env.LOGNAME ?? 'unbekannt';
  try {
    name = userInfo().username;
  } catch {
    // no passwd entry (some containers): the environment's name
  }
  return `${name}@${hostname()}`;
}

/** What the arguments ask for, or null when they follow no usage. */
function requestOf(
  args: readonly string[],
): { list: true } | { list: false; login: string; verb: ChangeVerb; roles: string } | null {
  const [command, login, roles] = args;
  if (command === 'list') return { list: true };
  const verb = command === undefined ? undefined : VERBS[command];
  return verb === undefined || !login || roles === undefined ? null : { list: false, login, verb, roles };
}

async function main(args: string[]): Promise<number> {
  if (printedVersion(args)) return 0;
  const request = requestOf(args);
  if (request === null) {
    console.error(USAGE);
    return 2;
  }
  const storage = await openStorage(loadConfig());
  const live = new LiveStateService(storage.events);
  try {
    await live.start();
    if (request.list) {
      const users = usersByLogin(live.state);
      if (users.length === 0) console.log('Keine Benutzer.');
      for (const user of users) console.log(`${user.login.padEnd(24)} ${user.name.padEnd(24)} ${roleText(user.roles)}`);
      return 0;
    }
    const pipeline = new CommandPipeline(live, storage.events);
    const result = await changeRolesFromConsole(live.state, pipeline, {
      login: request.login,
      verb: request.verb,
      roles: rolesFromArgument(request.roles),
      account: consoleAccount(),
    });
    (result.ok ? console.log : console.error)(result.text);
    return result.ok ? 0 : 1;
  } finally {
    await live.stop();
    await storage.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
