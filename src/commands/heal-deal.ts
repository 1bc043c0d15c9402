/** Heal and deal: per round each team heals one team and deals damage to another. */
import { streams, type HealDealKind } from '../../events';
import { healDealRound, healDealStatus, healDealTargetAllowed, type LiveState } from '../../projections/live';
import { accept, draft, isRejection, reject, type DecisionContext, type Verdict } from './decision';
import { ADMIN, NIGHTS, SHOW, TEAMS, memberInNight, type Entries } from './entry';
import { textOf } from './fields';
import { requireTeamMember } from './guards';
import { questionInPlay } from './night';
import { texts } from './texts';
import { SHARED_TEXTS } from '../../wire/shared-texts';

export interface ChooseHealDeal {
  type: 'ChooseHealDeal';
  kind: HealDealKind;
  targetTeamId: string;
}
export interface CalculateHealDeal {
  type: 'CalculateHealDeal';
}
/** The commands of this file, as their rules receive them: healDealEntries holds one entry for each. */
export type HealDealCommand = ChooseHealDeal | CalculateHealDeal;

/** The refusals of these commands (verbatim where the spec has them, typos included). */
export const HEAL_DEAL_COMMAND_TEXTS = {
  // from the spec, verbatim
  healOnlyForLiving: SHARED_TEXTS.healOnlyForLiving,
  // ENGINE: no text in the spec (docs/decisions/engine.md)
  noHealDealQuestion: 'Gerade läuft keine Heal-and-Deal-Frage.',
  healDealRoundCalculated: 'Diese Runde wurde bereits abgerechnet.',
  noSelfDamage: 'Ein Team kann sich nicht selbst schaden.',
} as const;

/**
 * ghd: zombies cannot heal; a heal adds the round's healing to the target, a deal the round's
 * damage, or the zombie damage when the dealing team is a zombie. A team may change its choice
 * until the round is calculated.
 */
export function chooseHealDeal(state: LiveState, cmd: ChooseHealDeal, ctx: DecisionContext): Verdict {
  const member = requireTeamMember(state, ctx);
  if (isRejection(member)) return member;
  const open = questionInPlay(state);
  if (open?.question.type !== 'heal_deal') return reject(HEAL_DEAL_COMMAND_TEXTS.noHealDealQuestion, 'precondition');
  const round = healDealRound(state);
  if (state.healDeal.calculatedRounds.includes(round))
    return reject(HEAL_DEAL_COMMAND_TEXTS.healDealRoundCalculated, 'precondition');
  const { targetTeamId } = cmd;
  if (!state.teams.has(targetTeamId)) return reject(texts.notFound(targetTeamId), 'not_found');
  if (!healDealTargetAllowed(cmd.kind, member.team.id, targetTeamId))
    return reject(HEAL_DEAL_COMMAND_TEXTS.noSelfDamage);
  const own = healDealStatus(state, member.team, round);
  const settings = state.healDeal.settings;
  let amount: number;
  if (cmd.kind === 'heal') {
    if (own.zombie) return reject(HEAL_DEAL_COMMAND_TEXTS.healOnlyForLiving, 'precondition');
    amount = settings.healingPerRound[round] ?? 0;
  } else {
    amount = (own.zombie ? settings.damagePerRoundZombie[round] : settings.damagePerRound[round]) ?? 0;
  }
  return accept(
    streams.night(open.night.id),
    draft('HealDealChosen', {
      round,
      teamId: member.team.id,
      kind: cmd.kind,
      targetTeamId,
      amount,
    }),
  );
}

/** ahd: settles the round: every team's current becomes current + healings - damages. */
export function calculateHealDeal(state: LiveState): Verdict {
  const round = healDealRound(state);
  if (state.healDeal.calculatedRounds.includes(round))
    return reject(HEAL_DEAL_COMMAND_TEXTS.healDealRoundCalculated, 'precondition');
  const teams = state.teams
    .values()
    .map((team) => ({ teamId: team.id, current: healDealStatus(state, team, round).total }))
    .sort((a, b) => (a.teamId < b.teamId ? -1 : a.teamId > b.teamId ? 1 : 0));
  const stream = state.night ? streams.night(state.night.id) : streams.show;
  return accept(stream, draft('HealDealCalculated', { round, teams }));
}

export const healDealEntries = {
  ChooseHealDeal: {
    wire: 'ghd',
    content: { kind: 'string', team: 'string' },
    access: 'user',
    parse: (c) =>
      c.kind === 'heal' || c.kind === 'deal'
        ? { type: 'ChooseHealDeal', kind: c.kind, targetTeamId: textOf(c.team) }
        : reject(texts.unknownSetting),
    boundary: memberInNight,
    rule: chooseHealDeal,
  },
  CalculateHealDeal: {
    wire: 'ahd',
    content: {},
    access: ADMIN,
    parse: () => ({ type: 'CalculateHealDeal' }),
    boundary: () => [SHOW, TEAMS, NIGHTS],
    rule: calculateHealDeal,
  },
} satisfies Entries<HealDealCommand>;
