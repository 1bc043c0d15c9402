import { CONSOLE_ACTOR, decideInput } from '../../src/commands';
import { VISITOR, World } from '../support/world';
import { given } from './support/given';
import { show } from './support/fixtures';

describe('registration', () => {
  it('registers a user whose login is also the display name', () => {
    const world = new World();
    given(world)
      .whenWire(
        { type: 'RegisterUser', login: 'Anna', password: 'geheim', passwordRepeat: 'geheim', email: 'a@b.de' },
        VISITOR,
      )
      .thenEvents({ type: 'UserRegistered', data: { login: 'Anna', name: 'Anna', email: 'a@b.de', roles: [] } });
  });

  it('never puts the password into the event', () => {
    const world = new World();
    const [event] = given(world)
      .whenWire({ type: 'RegisterUser', login: 'Anna', password: 'geheim-123' }, VISITOR)
      .thenEvents({ type: 'UserRegistered' });
    expect(JSON.stringify(event)).not.toContain('geheim-123');
  });

  it('rejects a login that exists in another case (409)', () => {
    const world = new World();
    world.player('anna');
    given(world)
      .whenWire({ type: 'RegisterUser', login: 'ANNA', password: 'x' }, VISITOR)
      .thenRejected('Konnte diesen Nutzeraccount nicht anlegen, da es den Namen bereits gibt.');
  });

  it('rejects a login that is the name of a team (428)', () => {
    const world = new World();
    world.playerWithTeam('anna', 'Quizgurus');
    given(world)
      .whenWire({ type: 'RegisterUser', login: 'quizgurus', password: 'x' }, VISITOR)
      .thenRejected('Konnte diesen Nutzeraccount nicht anlegen, da es bereits ein Team mit diesem Namen.');
  });

  it('rejects a password that differs from its repeat', () => {
    given(new World())
      .whenWire({ type: 'RegisterUser', login: 'anna', password: 'a', passwordRepeat: 'b' }, VISITOR)
      .thenRejected('Das Passwort und die Passwort-Wiederholung stimmen nicht überein. Bitte überprüfe beide.');
  });

  it.each([
    ['an empty login', { login: '  ', password: 'x' }],
    ['no password', { login: 'anna', password: '' }],
  ])('rejects %s', (_what, fields) => {
    given(new World())
      .whenWire({ type: 'RegisterUser', ...fields }, VISITOR)
      .thenRejected('Konnte diesen Nutzeraccount nicht anlegen.');
  });

  it('refuses a login over 50 characters (spec 9; the log field maximum of 100 is for older logins) and an e-mail over 254, naming the field and its maximum', () => {
    given(new World())
      .whenWire({ type: 'RegisterUser', login: 'x'.repeat(101), password: 'x' }, VISITOR)
      .thenRejected('Der Nutzername darf höchstens 50 Zeichen lang sein.');
    given(new World())
      .whenWire(
        { type: 'RegisterUser', login: 'x'.repeat(50), password: 'x', email: `${'e'.repeat(250)}@x.de` },
        VISITOR,
      )
      .thenRejected('Die E-Mail-Adresse darf höchstens 254 Zeichen lang sein.');
    given(new World())
      .whenWire({ type: 'RegisterUser', login: 'x'.repeat(50), password: 'x' }, VISITOR)
      .thenEvents({ type: 'UserRegistered' });
  });
});

describe('profile', () => {
  it('changes the display name and records a password change without the password', () => {
    const s = show();
    const events = given(s.world)
      .whenWire(
        {
          type: 'UpdateProfile',
          userId: s.anna,
          name: 'Anna K.',
          newPassword: 'neu',
          newPasswordRepeat: 'neu',
          currentPasswordOk: true,
        },
        s.world.as(s.anna),
      )
      .thenEvents(
        { type: 'UserProfileUpdated', data: { userId: s.anna, name: 'Anna K.' } },
        { type: 'UserPasswordChanged', data: { userId: s.anna } },
      );
    expect(JSON.stringify(events)).not.toContain('"neu"');
  });

  it('rejects a display name shorter than 3', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'UpdateProfile', userId: s.anna, name: 'An' }, s.world.as(s.anna))
      .thenRejected('Dein Anzeigename darf nicht leer sein oder zu kürzer als 3.');
  });

  it('rejects a display name longer than 50 and says so', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'UpdateProfile', userId: s.anna, name: 'A'.repeat(51) }, s.world.as(s.anna))
      .thenRejected('Dein Anzeigename darf höchstens 50 Zeichen lang sein.');
  });

  it('rejects a new password that differs from its repeat', () => {
    const s = show();
    given(s.world)
      .whenWire(
        { type: 'UpdateProfile', userId: s.anna, name: 'Anna', newPassword: 'a', newPasswordRepeat: 'b' },
        s.world.as(s.anna),
      )
      .thenRejected('Das Passwort stimmt nicht mit der Passwort-Wiederholung überein.');
  });

  it("given a new password, when the current password did not check out (the edge's verdict), then it is refused in German and nothing changes", () => {
    const s = show();
    given(s.world)
      .whenWire(
        { type: 'UpdateProfile', userId: s.anna, name: 'Anna K.', newPassword: 'neu', newPasswordRepeat: 'neu' },
        s.world.as(s.anna),
      )
      .thenRejected('Das aktuelle Passwort fehlt oder ist falsch.');
    given(s.world)
      .whenWire(
        {
          type: 'UpdateProfile',
          userId: s.anna,
          name: 'Anna K.',
          newPassword: 'neu',
          newPasswordRepeat: 'neu',
          currentPasswordOk: false,
        },
        s.world.as(s.anna),
      )
      .thenRejected('Das aktuelle Passwort fehlt oder ist falsch.');
  });

  it('given only a new name, then no current password is needed', () => {
    const s = show();
    given(s.world)
      .whenWire(
        { type: 'UpdateProfile', userId: s.anna, name: 'Anna K.', newPassword: '', newPasswordRepeat: '' },
        s.world.as(s.anna),
      )
      .thenEvents({ type: 'UserProfileUpdated', data: { userId: s.anna, name: 'Anna K.' } });
  });

  it("rejects editing someone else's profile", () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'UpdateProfile', userId: s.bert, name: 'Bertram' }, s.world.as(s.anna))
      .thenRejected('Dazu fehlt dir die Berechtigung.');
  });

  it('records when the email popup was seen, with the time from the context', () => {
    const s = show();
    given(s.world)
      .when({ type: 'MarkEmailPopupSeen', userId: s.anna }, s.world.as(s.anna))
      .thenEvents({ type: 'EmailPopupSeen', data: { userId: s.anna, seenAt: s.world.now } });
  });
});

describe('login links (ali)', () => {
  it('an admin creates a login link for a user; only ids enter the log', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'CreateLoginLink', id: s.anna }, s.world.as(s.admin))
      .thenEvents({ type: 'LoginLinkCreated', data: { userId: s.anna } });
  });

  it('a player may not create login links', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'CreateLoginLink', id: s.anna }, s.world.as(s.bert))
      .thenRejected('Dazu fehlt dir die Berechtigung.');
  });

  it('an unknown user is reported with its id', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'CreateLoginLink', id: 'nobody' }, s.world.as(s.admin))
      .thenRejected('Konnte das Team/User nicht finden (nobody)');
  });
});

describe('socket commands need authentication', () => {
  it('a command without a logged-in actor is rejected', () => {
    const s = show();
    given(s.world)
      .when({ type: 'PostLobbyChat', message: 'hallo' }, VISITOR)
      .thenRejected('Es wurde versucht ein Websocket zu erstellen, bevor wir authentifizierungsdaten haben.');
  });
});

describe('the first admin (RegisterFirstAdmin, the server at its start)', () => {
  const START = startActor();
  const ADMIN_EXISTS =
    'Es gibt schon einen Admin: Der erste Admin wird nur angelegt, solange niemand die Rolle admin hat.';
  const LOGIN_TAKEN = 'Konnte diesen Nutzeraccount nicht anlegen, da es den Namen bereits gibt.';

  it('given an empty log, when the start registers the first admin, then it holds admin, moderator and tester', () => {
    given(new World())
      .whenWire({ type: 'RegisterFirstAdmin', login: 'admin' }, START)
      .thenEvents({
        type: 'UserRegistered',
        data: { login: 'admin', name: 'admin', email: null, roles: ['admin', 'moderator', 'tester'] },
      });
  });

  it('given an admin under another login (the first one erased, `admin` free), then no second first admin is made', () => {
    const world = new World();
    world.addUser('chefin', ['admin']);
    given(world).whenWire({ type: 'RegisterFirstAdmin', login: 'admin' }, START).thenRejected(ADMIN_EXISTS);
  });

  it('given no admin but a player holding the login `Admin`, then the player is not made admin and no one else takes the login', () => {
    const world = new World();
    world.player('Admin');
    given(world).whenWire({ type: 'RegisterFirstAdmin', login: 'admin' }, START).thenRejected(LOGIN_TAKEN);
  });
});

describe('a user is registered once', () => {
  it('given a player, when a second UserRegistered with roles arrives for their id, then the fold keeps the first (no admin by re-registration)', () => {
    const world = new World();
    const anna = world.player('anna');
    const before = world.state.users.get(anna);
    world.append(
      [
        {
          type: 'UserRegistered',
          version: 1,
          data: { userId: anna, login: 'admin', name: 'admin', email: null, roles: ['admin', 'moderator', 'tester'] },
          metadata: { eventId: 'again-0', commandId: `first-admin:${anna}`, actor: VISITOR, recordedAt: world.now },
        },
      ],
      `user-${anna}`,
    );
    expect(world.state.users.get(anna)).toEqual(before);
    expect(world.state.userIdByLogin.has('admin')).toBe(false);
  });

  it('given a known user id, when a registration would reuse it, then the rule refuses it', () => {
    const world = new World();
    const anna = world.player('anna');
    const decision = decideInput(
      world.state,
      { type: 'RegisterUser', login: 'berta', password: 'x' },
      { ...world.context(VISITOR), newId: () => anna },
    );
    expect(decision).toMatchObject({
      ok: false,
      message: 'Dieses Konto gibt es schon: Ein Konto wird nur einmal registriert.',
    });
    const first = decideInput(
      world.state,
      { type: 'RegisterFirstAdmin', login: 'admin' },
      { ...world.context(startActor()), newId: () => anna },
    );
    expect(first).toMatchObject({
      ok: false,
      message: 'Dieses Konto gibt es schon: Ein Konto wird nur einmal registriert.',
    });
  });
});

function startActor() {
  return { userId: CONSOLE_ACTOR.userId, roles: [...CONSOLE_ACTOR.roles] };
}

describe('usernames of at most 50 characters (spec 9)', () => {
  it('given a 51-character username, then the registration is refused with the German reason; 50 are enough', () => {
    const world = new World();
    given(world)
      .whenWire({ type: 'RegisterUser', login: 'a'.repeat(51), password: 'geheim', passwordRepeat: 'geheim' }, VISITOR)
      .thenRejected('Der Nutzername darf höchstens 50 Zeichen lang sein.');
    given(world)
      .whenWire({ type: 'RegisterUser', login: 'a'.repeat(50), password: 'geheim', passwordRepeat: 'geheim' }, VISITOR)
      .thenEvents({ type: 'UserRegistered', data: { login: 'a'.repeat(50), name: 'a'.repeat(50) } });
  });

  it('given a login of 60 characters registered before the limit, then it keeps its login and its display name is cut to 50 (so the profile can be saved)', () => {
    const world = new World();
    const login = `${'Langer Name '.repeat(5)}`;
    expect(login.length).toBe(60);
    world.append(
      [
        {
          type: 'UserRegistered',
          version: 1,
          data: { userId: 'u-alt', login, name: login, email: null, roles: [] },
          metadata: { eventId: 'e-alt', commandId: 'c-alt', actor: VISITOR, recordedAt: world.now },
        },
      ],
      'user-u-alt',
    );
    const user = world.state.users.get('u-alt')!;
    expect(user.login).toBe(login);
    expect(user.name).toHaveLength(50);
    expect(user.name.endsWith('…')).toBe(true);
    expect(world.state.userIdByLogin.get(login.trim().toLowerCase())).toBe('u-alt');
    given(world)
      .whenWire(
        { type: 'UpdateProfile', userId: 'u-alt', name: user.name, newPassword: '', newPasswordRepeat: '' },
        world.as('u-alt'),
      )
      .thenNoEvents();
  });
});
