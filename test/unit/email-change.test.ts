import { EMAIL_TEXTS } from '../../src/commands/email-change';
import { VISITOR, World } from '../support/world';
import { given } from './support/given';

function world() {
  const w = new World();
  const admin = w.addUser('admin', ['admin']);
  const [registered] = w.must(
    { type: 'RegisterUser', login: 'lena', password: 'pw', email: 'lena@example.de' },
    VISITOR,
  );
  return { w, admin, lena: (registered.data as { userId: string }).userId };
}

describe("changing one's e-mail address (PATCH /api/users/:id with email)", () => {
  it('given a player, when they give a new address with their current password, then UserEmailChanged holds it and the state shows it', () => {
    const { w, lena } = world();
    const step = given(w).whenWire(
      { type: 'ChangeEmail', userId: lena, email: ' neu@example.de ', currentPasswordOk: true },
      w.as(lena),
    );
    step.thenEvents({ type: 'UserEmailChanged', data: { userId: lena, email: 'neu@example.de' } });
    expect(step.andApply().state.users.get(lena)!.email).toBe('neu@example.de');
  });

  it('given a player, when they give an empty address, then the account keeps none; the same address again appends nothing', () => {
    const { w, lena } = world();
    given(w)
      .whenWire({ type: 'ChangeEmail', userId: lena, email: '', currentPasswordOk: true }, w.as(lena))
      .thenEvents({ type: 'UserEmailChanged', data: { userId: lena, email: null } });
    given(w)
      .whenWire({ type: 'ChangeEmail', userId: lena, email: 'lena@example.de', currentPasswordOk: true }, w.as(lena))
      .thenNoEvents();
  });

  it("refuses a wrong current password, an invalid or too long address, and another user's address (an admin's too)", () => {
    const { w, admin, lena } = world();
    given(w)
      .whenWire({ type: 'ChangeEmail', userId: lena, email: 'neu@example.de', currentPasswordOk: false }, w.as(lena))
      .thenRejected('Das aktuelle Passwort fehlt oder ist falsch.');
    for (const bad of ['kein-at', 'a@b', 'zwei @example.de', 'a@@b.de']) {
      given(w)
        .whenWire({ type: 'ChangeEmail', userId: lena, email: bad, currentPasswordOk: true }, w.as(lena))
        .thenRejected(EMAIL_TEXTS.invalid);
    }
    given(w)
      .whenWire(
        { type: 'ChangeEmail', userId: lena, email: `${'a'.repeat(250)}@b.de`, currentPasswordOk: true },
        w.as(lena),
      )
      .thenRejected('Die E-Mail-Adresse darf höchstens 254 Zeichen lang sein.');
    given(w)
      .whenWire({ type: 'ChangeEmail', userId: lena, email: 'neu@example.de', currentPasswordOk: true }, w.as(admin))
      .thenRejected('Dazu fehlt dir die Berechtigung.');
  });
});
