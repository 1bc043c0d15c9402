import { scopesOf } from '../../projections/live';
import { CONSOLE_ACTOR } from '../../src/commands';
import { VISITOR } from '../support/world';
import { given } from './support/given';
import { show, showWithQuestion, q } from './support/fixtures';

const UNKNOWN_ROLE = (role: string) => `Die Rolle „${role}“ gibt es nicht. Möglich sind admin, moderator und tester.`;
const LAST_ADMIN =
  'Die Show braucht mindestens einen Admin: Gib zuerst einem anderen Benutzer die Rolle admin, bevor du sie hier entfernst.';
const FORBIDDEN = 'Dazu fehlt dir die Berechtigung.';
const CONSOLE = { userId: CONSOLE_ACTOR.userId, roles: [...CONSOLE_ACTOR.roles] };

describe("setting a user's roles (PUT /api/users/:id/roles, npm run user -- roles)", () => {
  it('given a player, when an admin grants tester, then the event says whose roles, the new and the old ones, and who changed them', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'SetUserRoles', userId: s.anna, roles: ['tester'] }, s.world.as(s.admin))
      .thenEvents({
        type: 'UserRolesChanged',
        data: { userId: s.anna, roles: ['tester'], previousRoles: [], changedBy: { kind: 'admin', userId: s.admin } },
      });
  });

  it('given the grant folded, then the live state holds the new roles and the user receives the tester scope', () => {
    const s = show();
    const world = given(s.world)
      .whenWire({ type: 'SetUserRoles', userId: s.anna, roles: ['moderator'] }, s.world.as(s.admin))
      .andApply();
    expect(world.state.users.get(s.anna)!.roles).toEqual(['moderator']);
    expect(scopesOf(world.state, world.as(s.anna)).map((k) => k.scope)).toEqual([
      'global',
      'user',
      'team',
      'moderator',
      'tester',
      'operator',
    ]);
  });

  it('given a tester, when the grant is revoked, then the user is a player again, and a tester-only command is refused', () => {
    const s = showWithQuestion([q(1, 1)]);
    const world = given(s.world)
      .whenWire({ type: 'SetUserRoles', userId: s.tester, roles: [] }, s.world.as(s.admin))
      .andApply();
    expect(world.state.users.get(s.tester)!.roles).toEqual([]);
    given(world).whenWire({ type: 'StartChecking', quiz: s.quizId }, world.as(s.tester)).thenRejected(FORBIDDEN);
  });

  it('sends the roles as a set: duplicates collapse, the order is admin, moderator, tester', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'SetUserRoles', userId: s.anna, roles: ['tester', 'moderator', 'tester'] }, s.world.as(s.admin))
      .thenEvents({ type: 'UserRolesChanged', data: { roles: ['moderator', 'tester'] } });
  });

  it('given a user with roles, when the same roles are set again (in any order), then nothing changes (no event)', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'SetUserRoles', userId: s.admin, roles: ['moderator', 'admin'] }, s.world.as(s.admin))
      .thenNoEvents();
  });

  it.each([
    ['an unknown role', ['tester', 'chef'], UNKNOWN_ROLE('chef')],
    ['a role in another case', ['Admin'], UNKNOWN_ROLE('Admin')],
    ['a role that is no text', [7], UNKNOWN_ROLE('7')],
    ['a very long unknown role (shortened in the text)', ['x'.repeat(100)], UNKNOWN_ROLE(`${'x'.repeat(40)}…`)],
  ])('refuses %s in German and changes nothing', (_what, roles, message) => {
    const s = show();
    given(s.world).whenWire({ type: 'SetUserRoles', userId: s.anna, roles }, s.world.as(s.admin)).thenRejected(message);
  });

  it.each([
    ['a single text', 'tester'],
    ['nothing', undefined],
  ])('refuses roles given as %s: they must be a list', (_what, roles) => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'SetUserRoles', userId: s.anna, roles }, s.world.as(s.admin))
      .thenRejected('Die Rollen müssen als Liste gesendet werden, z. B. ["tester"].');
  });

  it('refuses an unknown user with the spec\'s "not found" text', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'SetUserRoles', userId: 'niemand', roles: ['tester'] }, s.world.as(s.admin))
      .thenRejected('Konnte das Team/User nicht finden (niemand)');
  });

  it.each([
    ['a moderator', 'moderator'],
    ['a tester', 'tester'],
    ['a player', 'anna'],
  ] as const)('refuses %s: only admins set roles', (_who, who) => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'SetUserRoles', userId: s.anna, roles: ['admin'] }, s.world.as(s[who]))
      .thenRejected(FORBIDDEN);
  });

  it('refuses a visitor (nobody logged in)', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'SetUserRoles', userId: s.anna, roles: ['admin'] }, VISITOR)
      .thenRejected('Es wurde versucht ein Websocket zu erstellen, bevor wir authentifizierungsdaten haben.');
  });

  describe('the show always keeps an admin', () => {
    it('given the only admin, when they take away their own admin role, then it is refused and they stay admin', () => {
      const s = show();
      given(s.world)
        .whenWire({ type: 'SetUserRoles', userId: s.admin, roles: ['moderator'] }, s.world.as(s.admin))
        .thenRejected(LAST_ADMIN);
      expect(s.world.state.users.get(s.admin)!.roles).toEqual(['admin', 'moderator']);
    });

    it('given a second admin, when the first gives up the admin role, then it is accepted; the second then cannot give it up', () => {
      const s = show();
      const second = s.world.addUser('zweite', ['admin']);
      const world = given(s.world)
        .whenWire({ type: 'SetUserRoles', userId: s.admin, roles: ['moderator'] }, s.world.as(s.admin))
        .andApply();
      expect(world.state.users.get(s.admin)!.roles).toEqual(['moderator']);
      given(world)
        .whenWire({ type: 'SetUserRoles', userId: second, roles: ['tester'] }, world.as(second))
        .thenRejected(LAST_ADMIN);
    });

    it('given two admins, when one takes the role from the other, then the taker remains; taking it from the last is refused', () => {
      const s = show();
      const second = s.world.addUser('zweite', ['admin']);
      const world = given(s.world)
        .whenWire({ type: 'SetUserRoles', userId: second, roles: [] }, s.world.as(s.admin))
        .andApply();
      given(world)
        .whenWire({ type: 'SetUserRoles', userId: s.admin, roles: [] }, world.as(s.admin))
        .thenRejected(LAST_ADMIN);
    });

    it('the server console cannot remove the last admin either', () => {
      const s = show();
      given(s.world)
        .whenWire({ type: 'SetUserRoles', userId: s.admin, roles: [], consoleAccount: 'olaf' }, CONSOLE)
        .thenRejected(LAST_ADMIN);
    });
  });

  describe('from the server console (npm run user -- roles)', () => {
    it('given no user acting, when the console grants moderator, then the event names the console and its OS account', () => {
      const s = show();
      given(s.world)
        .whenWire({ type: 'SetUserRoles', userId: s.cleo, roles: ['moderator'], consoleAccount: 'olaf' }, CONSOLE)
        .thenEvents({
          type: 'UserRolesChanged',
          data: {
            userId: s.cleo,
            roles: ['moderator'],
            previousRoles: [],
            changedBy: { kind: 'console', account: 'olaf' },
          },
        });
    });

    it("an admin's request cannot pass itself off as the console: a logged-in admin is named, whatever the input says", () => {
      const s = show();
      given(s.world)
        .whenWire(
          { type: 'SetUserRoles', userId: s.cleo, roles: ['tester'], consoleAccount: 'root' },
          s.world.as(s.admin),
        )
        .thenEvents({ type: 'UserRolesChanged', data: { changedBy: { kind: 'admin', userId: s.admin } } });
    });

    it('the console actor may not send commands that need a logged-in user', () => {
      const s = show();
      given(s.world)
        .when({ type: 'PostLobbyChat', message: 'Hallo' }, CONSOLE)
        .thenRejected('Es wurde versucht ein Websocket zu erstellen, bevor wir authentifizierungsdaten haben.');
    });
  });

  it('during maintenance it is refused like every command but ara', () => {
    const s = show();
    s.world.must({ type: 'SetReconnectAt', recheckAt: s.world.now + 60_000 }, s.world.as(s.admin));
    given(s.world)
      .whenWire({ type: 'SetUserRoles', userId: s.anna, roles: ['tester'] }, s.world.as(s.admin))
      .thenRejected('Der Server wird gerade neu gestartet, daher kannst du nichts zum Server senden.');
  });
});
