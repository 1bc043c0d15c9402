import { tokenHolder } from '../../src/auth/token-holder';
import { given } from './support/given';
import { show } from './support/fixtures';

const FORBIDDEN = 'Dazu fehlt dir die Berechtigung.';
const OPERATOR_PASSWORD = 'Passwörter von Admin, Moderation und Kontrolle brauchen mindestens 8 Zeichen.';

describe('blocking a user (abl)', () => {
  it("given a player, when an admin blocks them, then the event names the user and the admin, and the user's tokens end", () => {
    const s = show();
    const step = given(s.world).when({ type: 'BlockUser', userId: s.anna, blocked: true }, s.world.as(s.admin));
    step.thenEvents({ type: 'UserBlocked', data: { userId: s.anna, blocked: true, blockedBy: s.admin } });
    const world = step.andApply();
    const anna = world.state.users.get(s.anna)!;
    expect(anna).toMatchObject({ blocked: true, tokenGeneration: 1 });
    expect(tokenHolder(world.state, { id: s.anna, perm: [], exp: 0, gen: 0 })).toBeUndefined();
    expect(tokenHolder(world.state, { id: s.anna, perm: [], exp: 0, gen: 1 })).toBeUndefined(); // blocked: no generation helps
  });

  it('given a blocked player, when the admin unblocks them, then a token of the new generation works, the old ones stay ended', () => {
    const s = show();
    const blocked = given(s.world)
      .when({ type: 'BlockUser', userId: s.anna, blocked: true }, s.world.as(s.admin))
      .andApply();
    const step = given(blocked).when({ type: 'BlockUser', userId: s.anna, blocked: false }, blocked.as(s.admin));
    step.thenEvents({ type: 'UserBlocked', data: { userId: s.anna, blocked: false, blockedBy: s.admin } });
    const world = step.andApply();
    expect(tokenHolder(world.state, { id: s.anna, perm: [], exp: 0, gen: 1 })?.id).toBe(s.anna);
    expect(tokenHolder(world.state, { id: s.anna, perm: [], exp: 0, gen: 0 })).toBeUndefined();
  });

  it('given a player who is not blocked, when unblocked, then nothing changes (no event)', () => {
    const s = show();
    given(s.world).when({ type: 'BlockUser', userId: s.anna, blocked: false }, s.world.as(s.admin)).thenNoEvents();
  });

  it('refuses an admin blocking themselves, a moderator blocking an operator, a tester blocking anybody, and an unknown user', () => {
    const s = show();
    given(s.world)
      .when({ type: 'BlockUser', userId: s.admin, blocked: true }, s.world.as(s.admin))
      .thenRejected('Du kannst dich nicht selbst sperren.');
    given(s.world)
      .when({ type: 'BlockUser', userId: s.tester, blocked: true }, s.world.as(s.moderator))
      .thenRejected('Admins, Moderatoren und Kontrolleure kann nur ein Admin sperren.');
    given(s.world)
      .when({ type: 'BlockUser', userId: s.anna, blocked: true }, s.world.as(s.tester))
      .thenRejected(FORBIDDEN);
    given(s.world)
      .when({ type: 'BlockUser', userId: 'niemand', blocked: true }, s.world.as(s.admin))
      .thenRejected('Konnte das Team/User nicht finden (niemand)');
  });
});

describe('ending tokens (POST /api/token-logout-all, password changes)', () => {
  it('given a player, when they log out everywhere, then every token issued so far ends', () => {
    const s = show();
    const step = given(s.world).when({ type: 'RevokeTokens', userId: s.anna }, s.world.as(s.anna));
    step.thenEvents({ type: 'UserTokensRevoked', data: { userId: s.anna } });
    const world = step.andApply();
    expect(tokenHolder(world.state, { id: s.anna, perm: [], exp: 0, gen: 0 })).toBeUndefined();
    expect(tokenHolder(world.state, { id: s.anna, perm: [], exp: 0, gen: 1 })?.id).toBe(s.anna);
  });

  it("refuses ending another user's tokens", () => {
    const s = show();
    given(s.world).when({ type: 'RevokeTokens', userId: s.anna }, s.world.as(s.admin)).thenRejected(FORBIDDEN);
  });

  it('given a player, when they change their password, then their older tokens end', () => {
    const s = show();
    const world = given(s.world)
      .whenWire(
        {
          type: 'UpdateProfile',
          userId: s.anna,
          name: 'Anna',
          newPassword: 'neu',
          newPasswordRepeat: 'neu',
          currentPasswordOk: true,
        },
        s.world.as(s.anna),
      )
      .andApply();
    expect(world.state.users.get(s.anna)!.tokenGeneration).toBe(1);
  });

  it('given an operator, when they choose a password under 8 characters, then it is refused in German', () => {
    const s = show();
    const name = s.world.state.users.get(s.moderator)!.name;
    given(s.world)
      .whenWire(
        {
          type: 'UpdateProfile',
          userId: s.moderator,
          name,
          newPassword: 'kurz123',
          newPasswordRepeat: 'kurz123',
          currentPasswordOk: true,
        },
        s.world.as(s.moderator),
      )
      .thenRejected(OPERATOR_PASSWORD);
    given(s.world)
      .whenWire(
        {
          type: 'UpdateProfile',
          userId: s.moderator,
          name,
          newPassword: 'lang1234',
          newPasswordRepeat: 'lang1234',
          currentPasswordOk: true,
        },
        s.world.as(s.moderator),
      )
      .thenEvents({ type: 'UserPasswordChanged', data: { userId: s.moderator } });
  });

  it("given an admin, when they set another user's password, then the user's tokens end; an operator's needs 8 characters; only admins may", () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'ResetPassword', userId: s.anna, newPassword: 'neu' }, s.world.as(s.admin))
      .thenEvents({ type: 'UserPasswordChanged', data: { userId: s.anna } });
    given(s.world)
      .whenWire({ type: 'ResetPassword', userId: s.moderator, newPassword: 'kurz' }, s.world.as(s.admin))
      .thenRejected(OPERATOR_PASSWORD);
    given(s.world)
      .whenWire({ type: 'ResetPassword', userId: s.anna, newPassword: 'neu' }, s.world.as(s.moderator))
      .thenRejected(FORBIDDEN);
  });

  it("given an admin, when they ask to change another user's name or e-mail popup mark, or send no password, then it is refused: an admin sets only the password", () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'ResetPassword', userId: s.anna, newPassword: 'neu', name: 'Anna Neu' }, s.world.as(s.admin))
      .thenRejected(FORBIDDEN);
    given(s.world)
      .whenWire(
        { type: 'ResetPassword', userId: s.anna, newPassword: 'neu', shownEmailPopupAt: null },
        s.world.as(s.admin),
      )
      .thenRejected(FORBIDDEN);
    given(s.world)
      .whenWire({ type: 'ResetPassword', userId: s.anna, newPassword: '' }, s.world.as(s.admin))
      .thenRejected(FORBIDDEN);
    given(s.world)
      .whenWire({ type: 'ResetPassword', userId: 'niemand', newPassword: 'neu', name: 'X' }, s.world.as(s.admin))
      .thenRejected(FORBIDDEN);
  });
});

describe('the last admin who can act (PROTOCOL.md, "Hardening, third round")', () => {
  const LAST_UNBLOCKED =
    'Die Show braucht mindestens einen Admin, der sich anmelden kann: Dieses Konto ist der letzte nicht gesperrte Admin.';

  it('given two admins, one blocked, then the last working admin cannot be blocked, not even from the console', () => {
    const s = show();
    const other = s.world.addUser('zweite', ['admin']);
    const blocked = given(s.world)
      .when({ type: 'BlockUser', userId: other, blocked: true }, s.world.as(s.admin))
      .andApply();
    // The console (no user, the admin role) is the way left to block: it still keeps the last working admin.
    given(blocked)
      .when({ type: 'BlockUser', userId: s.admin, blocked: true }, { userId: null, roles: ['admin'] })
      .thenRejected(LAST_UNBLOCKED);
  });

  it('given two admins, one blocked, when the working one gives up the admin role, then it is refused', () => {
    const s = show();
    const other = s.world.addUser('zweite', ['admin']);
    const blocked = given(s.world)
      .when({ type: 'BlockUser', userId: other, blocked: true }, s.world.as(s.admin))
      .andApply();
    given(blocked)
      .whenWire({ type: 'SetUserRoles', userId: s.admin, roles: [] }, blocked.as(s.admin))
      .thenRejected(
        'Die Show braucht mindestens einen Admin: Gib zuerst einem anderen Benutzer die Rolle admin, bevor du sie hier entfernst.',
      );
  });

  it('given two admins, when one blocks the other, then that is accepted (one working admin stays)', () => {
    const s = show();
    const other = s.world.addUser('zweite', ['admin']);
    given(s.world)
      .when({ type: 'BlockUser', userId: other, blocked: true }, s.world.as(s.admin))
      .thenEvents({ type: 'UserBlocked', data: { userId: other, blocked: true } });
  });
});
