import { fold, globalView, healDealTargetAllowed, initialState, moderatorView, teamView } from '../../projections/live';
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
  it("the global view keys the teams in the overview's order (total descending, then name), so the screens find it nearly sorted", () => {
    const s = healDeal();
    const zebras = s.world.playerWithTeam('zora', 'Zebras');
    s.world.playerWithTeam('alf', 'affen');
    s.world.must({ type: 'RenameTeam', teamId: zebras.teamId, name: 'Aale' }, s.world.as(s.moderator));
    const names = () => Object.values(globalView(s.world.state).heal_deals).map((status) => status.name);
    expect(names()).toEqual(['Aale', 'affen', 'Besserwisser', 'Die Ahnungslosen']);
  });

  it('settings come from asu with whole numbers per round', () => {
    const s = healDeal();
    expect(moderatorView(s.world.state).heal_deal).toEqual(
      expect.objectContaining({
        startHp: 3,
        healingPerRound: expect.objectContaining({ 1: 1 }),
        damagePerRound: expect.objectContaining({ 1: 4 }),
      }),
    );
    given(s.world)
      .whenWire(
        { type: 'UpdateStateSetting', path: 'moderator.heal_deal.damagePerRound.1', value: '2.5' },
        s.world.as(s.admin),
      )
      .thenRejected('Keine Zahl gesendet, kann nicht updaten.');
    given(s.world)
      .whenWire(
        { type: 'UpdateStateSetting', path: 'moderator.heal_deal.damagePerRound.4', value: 1 },
        s.world.as(s.admin),
      )
      .thenRejected('Diese Einstellung gibt es nicht.');
  });

  it("total = current + healings - damages; a deal uses the round's damage", () => {
    const s = healDeal();
    given(s.world)
      .whenWire({ type: 'ChooseHealDeal', kind: 'deal', team: s.teamB }, s.world.as(s.anna))
      .thenEvents({
        type: 'HealDealChosen',
        data: { round: 1, teamId: s.teamA, kind: 'deal', targetTeamId: s.teamB, amount: 4 },
      });
    s.world.must({ type: 'ChooseHealDeal', kind: 'heal', team: s.teamB }, s.world.as(s.cleo));
    s.world.must({ type: 'ChooseHealDeal', kind: 'deal', team: s.teamB }, s.world.as(s.anna));
    expect(globalView(s.world.state).heal_deals[s.teamB]).toEqual({
      name: 'Besserwisser',
      current: 3,
      healings: 1,
      damages: 4,
      total: 0,
      zombie: true,
    });
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
    given(s.world)
      .whenWire({ type: 'ChooseHealDeal', kind: 'heal', team: s.teamB }, s.world.as(s.cleo))
      .thenRejected('Heilen ist nur für Lebende möglich!');
    given(s.world)
      .whenWire({ type: 'ChooseHealDeal', kind: 'deal', team: s.teamA }, s.world.as(s.cleo))
      .thenEvents({ type: 'HealDealChosen', data: { amount: 6 } });
  });

  it('calculation (ahd) settles the round into current; the round is then closed', () => {
    const s = healDeal();
    s.world.must({ type: 'ChooseHealDeal', kind: 'deal', team: s.teamB }, s.world.as(s.anna));
    s.world.must({ type: 'ChooseHealDeal', kind: 'heal', team: s.teamA }, s.world.as(s.anna));
    given(s.world)
      .when({ type: 'CalculateHealDeal' }, s.world.as(s.admin))
      .thenEvents({
        type: 'HealDealCalculated',
        data: {
          round: 1,
          teams: [
            { teamId: s.teamA, current: 4 },
            { teamId: s.teamB, current: -1 },
          ].sort((a, b) => (a.teamId < b.teamId ? -1 : 1)),
        },
      });
    s.world.must({ type: 'CalculateHealDeal' }, s.world.as(s.admin));
    expect(globalView(s.world.state).heal_deals[s.teamA]).toEqual(
      expect.objectContaining({ current: 4, healings: 0, damages: 0, total: 4 }),
    );
    given(s.world)
      .whenWire({ type: 'ChooseHealDeal', kind: 'deal', team: s.teamB }, s.world.as(s.anna))
      .thenRejected('Diese Runde wurde bereits abgerechnet.');
    given(s.world)
      .when({ type: 'CalculateHealDeal' }, s.world.as(s.admin))
      .thenRejected('Diese Runde wurde bereits abgerechnet.');
  });

  it('only during a heal-and-deal question; no damage to oneself; known teams only', () => {
    const s = healDeal();
    given(s.world)
      .whenWire({ type: 'ChooseHealDeal', kind: 'deal', team: s.teamA }, s.world.as(s.anna))
      .thenRejected('Ein Team kann sich nicht selbst schaden.');
    given(s.world)
      .whenWire({ type: 'ChooseHealDeal', kind: 'deal', team: 'nope' }, s.world.as(s.anna))
      .thenRejected('Konnte das Team/User nicht finden (nope)');
    s.world.must({ type: 'EndQuestion' }, s.world.as(s.moderator));
    given(s.world)
      .whenWire({ type: 'ChooseHealDeal', kind: 'deal', team: s.teamB }, s.world.as(s.anna))
      .thenRejected('Gerade läuft keine Heal-and-Deal-Frage.');
  });

  it('only admins calculate', () => {
    const s = healDeal();
    given(s.world)
      .when({ type: 'CalculateHealDeal' }, s.world.as(s.moderator))
      .thenRejected('Dazu fehlt dir die Berechtigung.');
  });

  describe("the choices are the team's: every member sees them in the team view", () => {
    it('given anna dealt damage to Besserwisser, when her teammate bert opens the team view, then he sees that choice; the other team does not', () => {
      const s = healDeal();
      const chosen = given(s.world).whenWire(
        { type: 'ChooseHealDeal', kind: 'deal', team: s.teamB },
        s.world.as(s.anna),
      );
      chosen.thenEvents({ type: 'HealDealChosen' });
      chosen.andApply();
      const expected = {
        round: 1,
        calculated: false,
        heal: null,
        deal: { team: s.teamB, teamName: 'Besserwisser', amount: 4 },
      };
      expect(views(s, s.bert).healDeal).toEqual(expected);
      expect(views(s, s.anna).healDeal).toEqual(expected);
      expect(views(s, s.cleo).healDeal).toEqual({ round: 1, calculated: false, heal: null, deal: null });
    });

    it("given bert changes the choice anna made, then both see bert's; a heal of the own team shows beside it", () => {
      const s = healDeal();
      s.world.must(
        { type: 'UpdateStateSetting', path: 'moderator.heal_deal.startHp', value: '20' },
        s.world.as(s.admin),
      );
      s.world.must({ type: 'ChooseHealDeal', kind: 'heal', team: s.teamB }, s.world.as(s.anna));
      const changed = given(s.world).whenWire(
        { type: 'ChooseHealDeal', kind: 'heal', team: s.teamA },
        s.world.as(s.bert),
      );
      changed.thenEvents({
        type: 'HealDealChosen',
        data: { teamId: s.teamA, kind: 'heal', targetTeamId: s.teamA, amount: 1 },
      });
      changed.andApply();
      s.world.must({ type: 'ChooseHealDeal', kind: 'deal', team: s.teamB }, s.world.as(s.anna));
      expect(views(s, s.anna).healDeal).toEqual({
        round: 1,
        calculated: false,
        heal: { team: s.teamA, teamName: 'Die Ahnungslosen', amount: 1 },
        deal: { team: s.teamB, teamName: 'Besserwisser', amount: 4 },
      });
    });

    it('survives a reload: the team view folded afresh from the log shows the same choices', () => {
      const s = healDeal();
      s.world.must({ type: 'ChooseHealDeal', kind: 'deal', team: s.teamB }, s.world.as(s.anna));
      expect(teamView(fold(s.world.log, initialState), s.teamA)!.healDeal).toEqual(views(s, s.bert).healDeal);
    });

    it('after the calculation the round is marked calculated; the choices of that round stay visible', () => {
      const s = healDeal();
      s.world.must({ type: 'ChooseHealDeal', kind: 'deal', team: s.teamB }, s.world.as(s.anna));
      s.world.must({ type: 'CalculateHealDeal' }, s.world.as(s.admin));
      expect(views(s, s.bert).healDeal).toEqual(
        expect.objectContaining({ round: 1, calculated: true, deal: expect.objectContaining({ team: s.teamB }) }),
      );
    });

    it('given a deal aimed at the own team, then it is refused and the team view stays empty', () => {
      const s = healDeal();
      given(s.world)
        .whenWire({ type: 'ChooseHealDeal', kind: 'deal', team: s.teamA }, s.world.as(s.bert))
        .thenRejected('Ein Team kann sich nicht selbst schaden.');
      expect(views(s, s.anna).healDeal.deal).toBeNull();
    });

    it("the one rule for targets (the web's deal list uses it): heal any team, the own one too; deal only to others", () => {
      expect(healDealTargetAllowed('heal', 'a', 'a')).toBe(true);
      expect(healDealTargetAllowed('heal', 'a', 'b')).toBe(true);
      expect(healDealTargetAllowed('deal', 'a', 'a')).toBe(false);
      expect(healDealTargetAllowed('deal', 'a', 'b')).toBe(true);
    });
  });
});

/** The team view of the user's team. */
function views(s: ReturnType<typeof healDeal>, userId: string) {
  const teamId = s.world.state.users.get(userId)!.teamId!;
  return teamView(s.world.state, teamId)!;
}
