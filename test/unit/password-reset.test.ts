import { tokenHolder } from '../../src/auth/token-holder';
import { PASSWORD_RESET_TEXTS } from '../../src/commands/password-reset';
import { VISITOR, World } from '../support/world';
import { given } from './support/given';

const OPERATOR_PASSWORD = 'Passwörter von Admin, Moderation und Kontrolle brauchen mindestens 8 Zeichen.';

/** A show with an admin, a player with an e-mail address and one without. */
function world() {
  const w = new World();
  const admin = w.addUser('admin', ['admin']);
  const [registered] = w.must(
    { type: 'RegisterUser', login: 'lena', password: 'pw', email: 'lena@example.de' },
    VISITOR,
  );
  const lena = (registered.data as { userId: string }).userId;
  const ohne = w.player('ohne');
  return { w, admin, lena, ohne };
}

function linkOf(w: World): string {
  const created = w.log.at(-1)!;
  expect(created.type).toBe('PasswordResetLinkCreated');
  return (created.data as { linkId: string }).linkId;
}

describe('password reset links (POST /api/password-reset, /api/users/:id/reset-link)', () => {
  it('given a player with an e-mail, when a link is asked for, then PasswordResetLinkCreated names the user and nobody as maker', () => {
    const { w, lena } = world();
    const step = given(w).when({ type: 'RequestPasswordReset', userId: lena }, VISITOR);
    step.thenEvents({ type: 'PasswordResetLinkCreated', data: { userId: lena, by: null } });
    expect(step.andApply().state.passwordResetLinks.get(lena)).toEqual(expect.any(String));
  });

  it('refuses a link by e-mail for an account without e-mail, a blocked, an erased and an unknown one', () => {
    const { w, admin, lena, ohne } = world();
    given(w).when({ type: 'RequestPasswordReset', userId: ohne }, VISITOR).thenRejected(PASSWORD_RESET_TEXTS.noEmail);
    given(w)
      .when({ type: 'RequestPasswordReset', userId: 'niemand' }, VISITOR)
      .thenRejected('Konnte das Team/User nicht finden (niemand)');
    w.must({ type: 'BlockUser', userId: lena, blocked: true }, w.as(admin));
    given(w)
      .when({ type: 'RequestPasswordReset', userId: lena }, VISITOR)
      .thenRejected(PASSWORD_RESET_TEXTS.accountBlocked);
    w.must({ type: 'EraseUser', userId: ohne, currentPasswordOk: true }, w.as(admin));
    given(w)
      .when({ type: 'CreatePasswordResetLink', userId: ohne }, w.as(admin))
      .thenRejected(`Konnte das Team/User nicht finden (${ohne})`);
  });

  it('given a player without e-mail, when an admin makes a link, then the event says which admin made it for whom', () => {
    const { w, admin, ohne } = world();
    given(w)
      .when({ type: 'CreatePasswordResetLink', userId: ohne }, w.as(admin))
      .thenEvents({ type: 'PasswordResetLinkCreated', data: { userId: ohne, by: admin } });
  });

  it('refuses a link made by anyone but an admin', () => {
    const { w, lena, ohne } = world();
    given(w)
      .when({ type: 'CreatePasswordResetLink', userId: ohne }, w.as(lena))
      .thenRejected('Dazu fehlt dir die Berechtigung.');
  });
});

describe('a new password through a link (POST /api/password-reset/confirm)', () => {
  it("given a link, when its token checked out, then the password changes and the user's older tokens and the link end", () => {
    const { w, lena } = world();
    w.must({ type: 'RequestPasswordReset', userId: lena }, VISITOR);
    const linkId = linkOf(w);
    const step = given(w).whenWire(
      { type: 'ConfirmPasswordReset', userId: lena, linkId, newPassword: 'neues-passwort', resetLinkOk: true },
      VISITOR,
    );
    step.thenEvents({ type: 'UserPasswordChanged', data: { userId: lena } });
    const after = step.andApply();
    expect(tokenHolder(after.state, { id: lena, perm: [], exp: 0, gen: 0 })).toBeUndefined();
    expect(after.state.passwordResetLinks.has(lena)).toBe(false);
    // The same link again: used.
    given(after)
      .whenWire(
        { type: 'ConfirmPasswordReset', userId: lena, linkId, newPassword: 'noch-eins', resetLinkOk: true },
        VISITOR,
      )
      .thenRejected(PASSWORD_RESET_TEXTS.linkEnded);
  });

  it('given two links, when the older one is used, then it is refused: the newer ended it', () => {
    const { w, admin, lena } = world();
    w.must({ type: 'RequestPasswordReset', userId: lena }, VISITOR);
    const older = linkOf(w);
    w.must({ type: 'CreatePasswordResetLink', userId: lena }, w.as(admin));
    const newer = linkOf(w);
    given(w)
      .whenWire(
        { type: 'ConfirmPasswordReset', userId: lena, linkId: older, newPassword: 'neu', resetLinkOk: true },
        VISITOR,
      )
      .thenRejected(PASSWORD_RESET_TEXTS.linkEnded);
    given(w)
      .whenWire(
        { type: 'ConfirmPasswordReset', userId: lena, linkId: newer, newPassword: 'neu', resetLinkOk: true },
        VISITOR,
      )
      .thenEvents({ type: 'UserPasswordChanged' });
  });

  it('refuses a token that did not check out, an empty password, a blocked account and a short operator password', () => {
    const { w, admin, lena } = world();
    const moderator = w.addUser('moni', ['moderator']);
    w.must({ type: 'CreatePasswordResetLink', userId: moderator }, w.as(admin));
    const moderatorLink = linkOf(w);
    given(w)
      .whenWire(
        {
          type: 'ConfirmPasswordReset',
          userId: moderator,
          linkId: moderatorLink,
          newPassword: 'kurz',
          resetLinkOk: true,
        },
        VISITOR,
      )
      .thenRejected(OPERATOR_PASSWORD);
    w.must({ type: 'RequestPasswordReset', userId: lena }, VISITOR);
    const linkId = linkOf(w);
    given(w)
      .whenWire({ type: 'ConfirmPasswordReset', userId: lena, linkId, newPassword: 'neu', resetLinkOk: false }, VISITOR)
      .thenRejected(PASSWORD_RESET_TEXTS.linkEnded);
    given(w)
      .whenWire({ type: 'ConfirmPasswordReset', userId: lena, linkId, newPassword: '', resetLinkOk: true }, VISITOR)
      .thenRejected(PASSWORD_RESET_TEXTS.passwordMissing);
    w.must({ type: 'BlockUser', userId: lena, blocked: true }, w.as(admin));
    given(w)
      .whenWire({ type: 'ConfirmPasswordReset', userId: lena, linkId, newPassword: 'neu', resetLinkOk: true }, VISITOR)
      .thenRejected(PASSWORD_RESET_TEXTS.accountBlocked);
  });

  it('given a link, when the user changes the password otherwise, then the link has ended', () => {
    const { w, lena } = world();
    w.must({ type: 'RequestPasswordReset', userId: lena }, VISITOR);
    const linkId = linkOf(w);
    w.must(
      {
        type: 'UpdateProfile',
        userId: lena,
        name: 'lena',
        newPassword: 'anders',
        newPasswordRepeat: 'anders',
        currentPasswordOk: true,
      },
      w.as(lena),
    );
    given(w)
      .whenWire({ type: 'ConfirmPasswordReset', userId: lena, linkId, newPassword: 'neu', resetLinkOk: true }, VISITOR)
      .thenRejected(PASSWORD_RESET_TEXTS.linkEnded);
  });
});
