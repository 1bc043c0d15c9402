import { initialState } from '../../projections/live';
import {
  admit,
  decide,
  decideInput,
  inputFromWire,
  WIRE_COMMANDS,
  type Command,
  type CommandInput,
} from '../../src/commands';
import { given } from './support/given';
import { q, show, showWithQuestion } from './support/fixtures';

describe('decide', () => {
  it('stamps metadata: event ids from the command id, actor, time, night id', () => {
    const s = show([q(1, 1)]);
    const actor = s.world.as(s.moderator);
    const decision = decideInput(
      s.world.state,
      { type: 'StartQuestion', quiz: s.quizId, round: 1, question: 1 },
      { now: 1234, actor, newId: () => 'n1', commandId: 'c-42' },
    );
    if (!decision.ok) throw new Error(decision.message);
    expect(decision.events.map((e) => e.metadata)).toEqual([
      {
        eventId: 'c-42-0',
        commandId: 'c-42',
        correlationId: 'c-42',
        causationId: 'c-42',
        actor,
        recordedAt: 1234,
        nightId: 'n1',
      },
      {
        eventId: 'c-42-1',
        commandId: 'c-42',
        correlationId: 'c-42',
        causationId: 'c-42',
        actor,
        recordedAt: 1234,
        nightId: 'n1',
      },
    ]);
  });

  it('given a command the server sends about an event (a countdown expiry), then its events name that event as cause and carry its correlation', () => {
    const s = show([q(1, 1)]);
    const actor = s.world.as(s.moderator);
    const cause = { causationId: 'countdown-start-event', correlationId: 'moderator-command' };
    const decision = decideInput(
      s.world.state,
      { type: 'StartQuestion', quiz: s.quizId, round: 1, question: 1 },
      { now: 1, actor, newId: () => 'n1', commandId: 'c-7', cause },
    );
    if (!decision.ok) throw new Error(decision.message);
    for (const event of decision.events) expect(event.metadata).toMatchObject({ commandId: 'c-7', ...cause });
  });

  it('the same command decided twice gives the same events (a retry appends nothing new)', () => {
    const s = show([q(1, 1)]);
    const ctx = () => ({ now: 5, actor: s.world.as(s.anna), newId: () => 'x', commandId: 'retry-1' });
    const command: Command = { type: 'PostLobbyChat', message: 'hi' };
    expect(decide(s.world.state, command, ctx())).toEqual(decide(s.world.state, command, ctx()));
  });

  it('an unknown command is rejected', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'Nope' } as unknown as CommandInput, s.world.as(s.anna))
      .thenRejected('Diesen Befehl gibt es nicht.');
    expect(
      decide(s.world.state, { type: 'Nope' } as unknown as Command, s.world.context(s.world.as(s.anna))),
    ).toMatchObject({ ok: false });
  });

  describe('text no store can hold (a NUL, an unpaired surrogate) is refused at the edge, in every field', () => {
    const s = showWithQuestion([q(1, 1), q(1, 2)]);
    it.each([
      ['a proposal', { type: 'AddProposal', message: 'Goethe\u0000' }, 'anna'],
      ['the team chat', { type: 'AddTeamChat', message: 'hallo \ud800' }, 'anna'],
      ['the lobby chat', { type: 'PostLobbyChat', message: '\udc00' }, 'anna'],
      ['a team field', { type: 'EditTeam', url: '', stadt: 'Bonn\u0000', beschreibung: 'b' }, 'anna'],
      ['a display name', { type: 'UpdateProfile', userId: 'x', name: 'Na\u0000me' }, 'anna'],
      [
        'nested quiz content',
        { type: 'EditQuiz', quizId: 'q', content: [{ ...q(1, 1), options: ['A', 'B\u0000'] }] },
        'moderator',
      ],
      ['a message', { type: 'SetOverviewMessage', message: '\u0000' }, 'admin'],
      ['a key', { type: 'SetUberMessage', message: 'm', ['k\u0000']: 1 }, 'moderator'],
      ['a field no parser reads', { type: 'ShowInstructions', extra: { deep: [['\ud83d']] } }, 'moderator'],
    ] as const)('%s', (_what, input, who) => {
      given(s.world)
        .whenWire(input as unknown as CommandInput, s.world.as(s[who]))
        .thenRejected('Der Text enthält ungültige Zeichen.');
    });

    it('an emoji (a surrogate pair) is text like any other', () => {
      given(s.world)
        .when({ type: 'AddProposal', message: 'Prost \ud83c\udf7a' }, s.world.as(s.anna))
        .thenEvents({ type: 'ProposalAdded' });
    });

    it('content nested thousands deep is scanned without overflowing the stack', () => {
      let deep: unknown = '\u0000';
      for (let i = 0; i < 100_000; i++) deep = [deep];
      given(s.world)
        .whenWire({ type: 'AddProposal', message: 'x', deep } as CommandInput, s.world.as(s.anna))
        .thenRejected('Der Text enthält ungültige Zeichen.');
    });
  });

  it('maps every realtime code of the catalogue to a command', () => {
    expect(Object.keys(WIRE_COMMANDS).sort()).toEqual([
      'aas',
      'abl',
      'aff',
      'ahd',
      'ali',
      'amu',
      'ao',
      'ara',
      'arr',
      'asu',
      'asv',
      'ati',
      'gc',
      'gd',
      'gf',
      'ghd',
      'gi',
      'gj',
      'gl',
      'glr',
      'go',
      'gp',
      'gpw',
      'gr',
      'gs',
      'gu',
      'gx',
      'gz',
      'ma',
      'mc',
      'mgh',
      'mhr',
      'mi',
      'mlc',
      'mlh',
      'mn',
      'mp',
      'mph',
      'mq',
      'mr',
      'msl',
      'mtl',
      'mtn',
      'mtr',
      'mua',
      'muc',
      'mum',
      'mumm',
      'mun',
      'sp',
      'ta',
      'trx',
      'tu',
      'tua',
      'ulc',
    ]);
    const moderator = { userId: 'm', roles: ['moderator' as const] };
    expect(admit(initialState, inputFromWire('ma', { quiz: 3, round: 1, question: 2 })!, moderator)).toEqual({
      type: 'StartQuestion',
      quizId: '3',
      round: 1,
      number: 2,
    });
    expect(
      admit(initialState, inputFromWire('gj', { id: 't', password: 'p' }, { passwordOk: true })!, {
        userId: 'u',
        roles: [],
      }),
    ).toEqual({
      type: 'JoinTeam',
      team: 't',
      passwordOk: true,
      fusionPassword: false,
    });
    expect(inputFromWire('mup', { quiz: 1 })).toBeNull(); // a query, see src/queries
  });

  it('the typed command carries no secret: passwords become what the rules need to know', () => {
    expect(
      admit(
        initialState,
        { type: 'RegisterUser', login: ' anna ', password: 'geheim', passwordRepeat: 'geheim' },
        { userId: null, roles: [] },
      ),
    ).toEqual({
      type: 'RegisterUser',
      login: 'anna',
      hasPassword: true,
      passwordRepeated: true,
      email: null,
    });
    expect(
      JSON.stringify(
        admit(initialState, { type: 'JoinTeam', id: 't', password: 'geheim' }, { userId: 'u', roles: [] }),
      ),
    ).not.toContain('geheim');
  });

  it("a client cannot send the gateway's verdict on a password or an invite itself", () => {
    const s = show();
    const forged = inputFromWire('gj', { id: s.teamB, password: 'rate', passwordOk: true })!;
    given(s.world).whenWire(forged, s.world.as(s.bert)).thenRejected('Teambeitritt hat leider nicht funktioniert.');
    const [invite] = s.world.must({ type: 'CreateTeamInvite' }, s.world.as(s.cleo));
    const inviteId = (invite.data as { inviteId: string }).inviteId;
    given(s.world)
      .whenWire(inputFromWire('gi', { token: 'x', inviteId })!, s.world.as(s.bert))
      .thenRejected('Teambeitritt hat leider nicht funktioniert.');
    given(s.world)
      .whenWire(inputFromWire('gi', { token: 'x' }, { inviteId })!, s.world.as(s.bert))
      .thenEvents({ type: 'TeamJoined', data: { teamId: s.teamB } });
  });

  it('a player sending ma through the wire mapping is rejected', () => {
    const s = show([q(1, 1)]);
    given(s.world)
      .whenWire(inputFromWire('ma', { quiz: s.quizId, round: 1, question: 1 })!, s.world.as(s.anna))
      .thenRejected('Dazu fehlt dir die Berechtigung.');
  });
});
