import { decide, commandFromWire, WIRE_COMMANDS, type Command } from '../../src/commands';
import { given } from './support/given';
import { q, show } from './support/fixtures';

describe('decide', () => {
  it('stamps metadata: event ids from the command id, actor, time, night id', () => {
    const s = show([q(1, 1)]);
    const actor = s.world.as(s.moderator);
    const decision = decide(s.world.state, { type: 'StartQuestion', quiz: s.quizId, round: 1, question: 1 }, { now: 1234, actor, newId: () => 'n1', commandId: 'c-42' });
    if (!decision.ok) throw new Error(decision.message);
    expect(decision.events.map((e) => e.metadata)).toEqual([
      { eventId: 'c-42-0', commandId: 'c-42', actor, recordedAt: 1234, nightId: 'n1' },
      { eventId: 'c-42-1', commandId: 'c-42', actor, recordedAt: 1234, nightId: 'n1' },
    ]);
  });

  it('the same command decided twice gives the same events (a retry appends nothing new)', () => {
    const s = show([q(1, 1)]);
    const ctx = () => ({ now: 5, actor: s.world.as(s.anna), newId: () => 'x', commandId: 'retry-1' });
    const command: Command = { type: 'PostLobbyChat', message: 'hi' };
    expect(decide(s.world.state, command, ctx())).toEqual(decide(s.world.state, command, ctx()));
  });

  it('an unknown command is rejected', () => {
    const s = show();
    given(s.world).when({ type: 'Nope' } as unknown as Command, s.world.as(s.anna)).thenRejected('Diesen Befehl gibt es nicht.');
  });

  it('maps every realtime code of the catalogue to a command', () => {
    expect(Object.keys(WIRE_COMMANDS).sort()).toEqual([
      'aas', 'aff', 'ahd', 'ali', 'ao', 'ara', 'arr', 'asu', 'asv', 'ati', 'gc', 'gd', 'gf', 'ghd', 'gi', 'gj', 'gl', 'go', 'gp', 'gs', 'gu',
      'ma', 'mc', 'mhr', 'mi', 'mn', 'mp', 'mq', 'mr', 'mua', 'muc', 'muf', 'mum', 'mumm', 'mup', 'sp', 'ta', 'trx', 'tu', 'tua', 'ulc',
    ]);
    expect(commandFromWire('ma', { quiz: 3, round: 1, question: 2 })).toEqual(expect.objectContaining({ type: 'StartQuestion', quiz: 3, round: 1, question: 2 }));
    expect(commandFromWire('gj', { id: 't', password: 'p' }, { passwordOk: true })).toEqual(expect.objectContaining({ type: 'JoinTeam', id: 't', password: 'p', passwordOk: true }));
  });

  it('a client cannot send the gateway\'s verdict on a password or an invite itself', () => {
    const s = show();
    const forged = commandFromWire('gj', { id: s.teamB, password: 'rate', passwordOk: true });
    given(s.world).when(forged, s.world.as(s.bert)).thenRejected('Teambeitritt hat leider nicht funktioniert.');
    const [invite] = s.world.must({ type: 'CreateTeamInvite' }, s.world.as(s.cleo));
    const inviteId = (invite.data as { inviteId: string }).inviteId;
    given(s.world).when(commandFromWire('gi', { token: 'x', inviteId }), s.world.as(s.bert)).thenRejected('Teambeitritt hat leider nicht funktioniert.');
    given(s.world).when(commandFromWire('gi', { token: 'x' }, { inviteId }), s.world.as(s.bert)).thenEvents({ type: 'TeamJoined', data: { teamId: s.teamB } });
  });

  it('a player sending ma through the wire mapping is rejected', () => {
    const s = show([q(1, 1)]);
    given(s.world).when(commandFromWire('ma', { quiz: s.quizId, round: 1, question: 1 }), s.world.as(s.anna)).thenRejected('Dazu fehlt dir die Berechtigung.');
  });
});
