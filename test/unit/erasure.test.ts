import type { QuizShowEvent } from '../../events';
import { decodeEvent, encodeEvent } from '../../events/codec';
import { ERASED_NAME, restorePersonalData, splitPersonalData } from '../../events/personal-data';
import { encodeState, fold, globalView, initialState, moderatorView } from '../../projections/live';
import { tokenHolder } from '../../src/auth/token-holder';
import { given } from './support/given';
import { show } from './support/fixtures';

const VISITOR = { userId: null, roles: [] };
const FORBIDDEN = 'Dazu fehlt dir die Berechtigung.';
const LAST_ADMIN =
  'Die Show braucht mindestens einen Admin: Gib zuerst einem anderen Benutzer die Rolle admin, bevor du dieses Konto löschst.';

/** The log as a store reads it back after the person's vault rows are gone: their personal fields are the placeholders. */
function readAfterErasure(log: readonly QuizShowEvent[], userId: string): QuizShowEvent[] {
  return log.map((event) => {
    const { stored, personal } = splitPersonalData(event.type, encodeEvent(event).data);
    const values = personal && personal.subjectId !== userId ? personal.values : null;
    return decodeEvent({ ...encodeEvent(event), data: restorePersonalData(event.type, stored, values) });
  });
}

describe('erasing an account (EraseUser)', () => {
  it('given an admin, when they erase a player without the right current password, then it is refused and nothing is appended', () => {
    const s = show();
    given(s.world)
      .when({ type: 'EraseUser', userId: s.anna, currentPasswordOk: false }, s.world.as(s.admin))
      .thenRejected('Das aktuelle Passwort fehlt oder ist falsch.');
  });

  it('given two admins, one of them blocked, then the working one cannot erase themself, and the blocked one can be erased', () => {
    const s = show();
    const other = s.world.addUser('zweite', ['admin']);
    const blocked = given(s.world)
      .when({ type: 'BlockUser', userId: other, blocked: true }, s.world.as(s.admin))
      .andApply();
    given(blocked)
      .when({ type: 'EraseUser', userId: s.admin, currentPasswordOk: true }, blocked.as(s.admin))
      .thenRejected(LAST_ADMIN);
    given(blocked)
      .when({ type: 'EraseUser', userId: other, currentPasswordOk: true }, blocked.as(s.admin))
      .thenEvents({ type: 'UserErased' });
  });

  it('given a player, when they erase their own account, then the event names them as who did it, their tokens end and they leave their team', () => {
    const s = show();
    const step = given(s.world).when(
      { type: 'EraseUser', userId: s.bert, currentPasswordOk: true },
      s.world.as(s.bert),
    );
    step.thenEvents({ type: 'UserErased', data: { userId: s.bert, by: s.bert } });
    const world = step.andApply();
    const bert = world.state.users.get(s.bert)!;
    expect(bert).toMatchObject({
      login: ERASED_NAME,
      name: ERASED_NAME,
      email: null,
      roles: [],
      teamId: null,
      erased: true,
    });
    expect(world.state.teams.get(s.teamA)!.memberIds).not.toContain(s.bert);
    expect(world.state.userIdByLogin.has('bert')).toBe(false);
    expect(tokenHolder(world.state, { id: s.bert, perm: [], exp: 0, gen: bert.tokenGeneration })).toBeUndefined();
  });

  it('given an admin, when they erase a player, then the event names the admin', () => {
    const s = show();
    given(s.world)
      .when({ type: 'EraseUser', userId: s.anna, currentPasswordOk: true }, s.world.as(s.admin))
      .thenEvents({ type: 'UserErased', data: { userId: s.anna, by: s.admin } });
  });

  it('refuses a player erasing somebody else, the last admin, an unknown and an erased account', () => {
    const s = show();
    given(s.world)
      .when({ type: 'EraseUser', userId: s.anna, currentPasswordOk: true }, s.world.as(s.bert))
      .thenRejected(FORBIDDEN);
    given(s.world)
      .when({ type: 'EraseUser', userId: s.admin, currentPasswordOk: true }, s.world.as(s.admin))
      .thenRejected(LAST_ADMIN);
    given(s.world)
      .when({ type: 'EraseUser', userId: 'niemand', currentPasswordOk: true }, s.world.as(s.admin))
      .thenRejected('Konnte das Team/User nicht finden (niemand)');
    const erased = given(s.world)
      .when({ type: 'EraseUser', userId: s.bert, currentPasswordOk: true }, s.world.as(s.bert))
      .andApply();
    given(erased)
      .when({ type: 'EraseUser', userId: s.bert, currentPasswordOk: true }, erased.as(s.admin))
      .thenRejected('Konnte das Team/User nicht finden (bert)'.replace('bert', s.bert));
  });

  it('given an erased account, then its login can be registered again and nobody can register or take the placeholder', () => {
    const s = show();
    const erased = given(s.world)
      .when({ type: 'EraseUser', userId: s.bert, currentPasswordOk: true }, s.world.as(s.bert))
      .andApply();
    given(erased)
      .whenWire({ type: 'RegisterUser', login: 'bert', password: 'geheim' }, VISITOR)
      .thenEvents({ type: 'UserRegistered', data: { login: 'bert' } });
    given(erased)
      .whenWire({ type: 'RegisterUser', login: 'gelöschtes konto', password: 'geheim' }, VISITOR)
      .thenRejected('Konnte diesen Nutzeraccount nicht anlegen, da es den Namen bereits gibt.');
    given(erased)
      .whenWire(
        { type: 'UpdateProfile', userId: s.anna, name: ERASED_NAME, newPassword: '', newPasswordRepeat: '' },
        erased.as(s.anna),
      )
      .thenRejected('Diesen Namen kann niemand wählen: So heißen gelöschte Konten.');
  });

  it('given a moderator renamed them (mun) and hid their lobby line, then the fold after the erasure equals the fold read back with the placeholders, and no view names them', () => {
    const s = show();
    s.world.must({ type: 'RenameUser', userId: s.bert, name: 'Bert Beispiel' }, s.world.as(s.moderator));
    const [posted] = s.world.must({ type: 'PostLobbyChat', message: 'Pöbelei' }, s.world.as(s.bert));
    s.world.must({ type: 'HideLobbyChatMessage', messageId: posted!.metadata.eventId }, s.world.as(s.moderator));
    const live = given(s.world)
      .when({ type: 'EraseUser', userId: s.bert, currentPasswordOk: true }, s.world.as(s.admin))
      .andApply();

    const replayed = fold(readAfterErasure(live.log, s.bert), initialState);
    expect(encodeState(replayed)).toBe(encodeState(live.state));
    expect(JSON.stringify([globalView(replayed), moderatorView(replayed)])).not.toContain('Bert Beispiel');
    expect(replayed.show.hiddenLobbyChat.map((entry) => entry.user)).toEqual([ERASED_NAME]);
  });

  it('given a night with their lobby chat line, then the fold after the erasure equals the fold of the log read back with the placeholders (a replay stays exact)', () => {
    const s = show();
    s.world.must(
      { type: 'UpdateProfile', userId: s.bert, name: 'Bert Beispiel', newPassword: '', newPasswordRepeat: '' },
      s.world.as(s.bert),
    );
    s.world.must({ type: 'PostLobbyChat', message: 'Hallo zusammen' }, s.world.as(s.bert));
    s.world.must({ type: 'PostLobbyChat', message: 'Hallo Bert' }, s.world.as(s.anna));
    const live = given(s.world)
      .when({ type: 'EraseUser', userId: s.bert, currentPasswordOk: true }, s.world.as(s.admin))
      .andApply();

    const replayed = fold(readAfterErasure(live.log, s.bert), initialState);
    expect(encodeState(replayed)).toBe(encodeState(live.state));
    expect(JSON.stringify([globalView(replayed), moderatorView(replayed)])).not.toContain('Bert Beispiel');
    const lobby = replayed.show.lobbyChat.map((entry) => [entry.user, entry.message]);
    expect(lobby).toEqual([
      [ERASED_NAME, 'Hallo zusammen'],
      ['anna', 'Hallo Bert'],
    ]);
  });
});

describe('personal data out of the stored event', () => {
  it('splits the declared fields off for the vault and puts them back; without them it shows the placeholders', () => {
    const data = { userId: 'u1', login: 'lea', name: 'Lea', email: 'lea@beispiel.de', roles: [] };
    const { stored, personal } = splitPersonalData('UserRegistered', data);
    expect(stored).toEqual({ userId: 'u1', roles: [] });
    expect(personal).toEqual({ subjectId: 'u1', values: { login: 'lea', name: 'Lea', email: 'lea@beispiel.de' } });
    expect(restorePersonalData('UserRegistered', stored, personal!.values)).toEqual(data);
    expect(restorePersonalData('UserRegistered', stored, null)).toEqual({
      userId: 'u1',
      roles: [],
      login: ERASED_NAME,
      name: ERASED_NAME,
      email: null,
    });
  });

  it('leaves events without personal data, and stored events that still hold their fields, as they are', () => {
    const proposal = { teamId: 't1', key: 1, userId: 'u1', message: 'Paris', chat: false };
    expect(splitPersonalData('ProposalAdded', proposal)).toEqual({ stored: proposal, personal: null });
    const old = { userId: 'u1', login: 'lea', name: 'Lea', email: null, roles: [] };
    expect(restorePersonalData('UserRegistered', old, null)).toBe(old);
  });

  it('gives every personal event a vault row, an upload without a label too (a missing row then means erased or on its way)', () => {
    const upload = {
      uploadId: 'x',
      kind: 'user',
      userId: 'u1',
      teamId: null,
      fileNames: ['a.png'],
      label: null,
      question: null,
    };
    expect(splitPersonalData('UploadRecorded', upload).personal).toEqual({ subjectId: 'u1', values: { label: null } });
  });
});
