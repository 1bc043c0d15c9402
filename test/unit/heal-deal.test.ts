import { globalView, moderatorView } from '../../projections/live';
import { given } from './support/given';
import { q, showWithQuestion } from './support/fixtures';

function healDeal() {
  const s = showWithQuestion([q(1, 1, 'heal_deal'), q(2, 1, 'heal_deal')]);
  const w = s.world;
  w.must({ type: 'UpdateStateSetting', path: 'moderator.heal_deal.startHp', value: '3' }, w.as(s.admin));
  w.must({ type: 'UpdateStateSetting', path: 'moderator.heal_deal.healingPerRound.1', value: 1 }, w.as(s.admin));
  w.must({ type: 'UpdateStateSetting', path: 'moderator.heal_deal.damagePerRound.1', value: 4 }, w.as(s.admin));
  w.must({ type: 'UpdateStateSetting', path: 'moderator.heal_deal.damagePerRoundZombie.1', value: 6 }, w.as(s.admin));
  return s;
}

describe('heal and deal', () => {
  it('settings come from asu with whole numbers per round', () => {
    const s = healDeal();
    expect(moderatorView(s.world.state).heal_deal).toEqual(expect.objectContaining({ startHp: 3, healingPerRound: expect.objectContaining({ 1: 1 }), damagePerRound: expect.objectContaining({ 1: 4 }) }));
    given(s.world).when({ type: 'UpdateStateSetting', path: 'moderator.heal_deal.damagePerRound.1', value: '2.5' }, s.world.as(s.admin))
      .thenRejected('Keine Zahl gesendet, kann nicht updaten.');
    given(s.world).when({ type: 'UpdateStateSetting', path: 'moderator.heal_deal.damagePerRound.4', value: 1 }, s.world.as(s.admin))
      .thenRejected('Diese Einstellung gibt es nicht.');
  });

  it('total = current + healings - damages; a deal uses the round\'s damage', () => {
    const s = healDeal();
    given(s.world).when({ type: 'ChooseHealDeal', kind: 'deal', team: s.teamB }, s.world.as(s.anna))
      .thenEvents({ type: 'HealDealChosen', data: { round: 1, teamId: s.teamA, kind: 'deal', targetTeamId: s.teamB, amount: 4 } });
    s.world.must({ type: 'ChooseHealDeal', kind: 'heal', team: s.teamB }, s.world.as(s.cleo));
    s.world.must({ type: 'ChooseHealDeal', kind: 'deal', team: s.teamB }, s.world.as(s.anna));
    expect(globalView(s.world.state).heal_deals[s.teamB]).toEqual({ name: 'Besserwisser', current: 3, healings: 1, damages: 4, total: 0, zombie: true });
  });

  it('a team may change its choice until the round is calculated', () => {
    const s = healDeal();
    s.world.must({ type: 'ChooseHealDeal', kind: 'deal', team: s.teamB }, s.world.as(s.anna));
    s.world.must({ type: 'ChooseHealDeal', kind: 'deal', team: s.teamB }, s.world.as(s.bert));
    expect(globalView(s.world.state).heal_deals[s.teamB].damages).toBe(4);
  });

  it('zombies (total 0 or below) cannot heal and deal the zombie damage', () => {
    const s = healDeal();
    s.world.must({ type: 'ChooseHealDeal', kind: 'deal', team: s.teamB }, s.world.as(s.anna));
    given(s.world).when({ type: 'ChooseHealDeal', kind: 'heal', team: s.teamB }, s.world.as(s.cleo)).thenRejected('Heilen ist nur für Lebende möglich!');
    given(s.world).when({ type: 'ChooseHealDeal', kind: 'deal', team: s.teamA }, s.world.as(s.cleo))
      .thenEvents({ type: 'HealDealChosen', data: { amount: 6 } });
  });

  it('calculation (ahd) settles the round into current; the round is then closed', () => {
    const s = healDeal();
    s.world.must({ type: 'ChooseHealDeal', kind: 'deal', team: s.teamB }, s.world.as(s.anna));
    s.world.must({ type: 'ChooseHealDeal', kind: 'heal', team: s.teamA }, s.world.as(s.anna));
    given(s.world).when({ type: 'CalculateHealDeal' }, s.world.as(s.admin))
      .thenEvents({ type: 'HealDealCalculated', data: { round: 1, teams: [{ teamId: s.teamA, current: 4 }, { teamId: s.teamB, current: -1 }].sort((a, b) => (a.teamId < b.teamId ? -1 : 1)) } });
    s.world.must({ type: 'CalculateHealDeal' }, s.world.as(s.admin));
    expect(globalView(s.world.state).heal_deals[s.teamA]).toEqual(expect.objectContaining({ current: 4, healings: 0, damages: 0, total: 4 }));
    given(s.world).when({ type: 'ChooseHealDeal', kind: 'deal', team: s.teamB }, s.world.as(s.anna)).thenRejected('Diese Runde wurde bereits abgerechnet.');
    given(s.world).when({ type: 'CalculateHealDeal' }, s.world.as(s.admin)).thenRejected('Diese Runde wurde bereits abgerechnet.');
  });

  it('only during a heal-and-deal question; no damage to oneself; known teams only', () => {
    const s = healDeal();
    given(s.world).when({ type: 'ChooseHealDeal', kind: 'deal', team: s.teamA }, s.world.as(s.anna)).thenRejected('Ein Team kann sich nicht selbst schaden.');
    given(s.world).when({ type: 'ChooseHealDeal', kind: 'deal', team: 'nope' }, s.world.as(s.anna)).thenRejected('Konnte das Team/User nicht finden (nope)');
    s.world.must({ type: 'EndQuestion' }, s.world.as(s.moderator));
    given(s.world).when({ type: 'ChooseHealDeal', kind: 'deal', team: s.teamB }, s.world.as(s.anna)).thenRejected('Gerade läuft keine Heal-and-Deal-Frage.');
  });

  it('only admins calculate', () => {
    const s = healDeal();
    given(s.world).when({ type: 'CalculateHealDeal' }, s.world.as(s.moderator)).thenRejected('Dazu fehlt dir die Berechtigung.');
  });
});
