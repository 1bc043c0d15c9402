/** Heal and deal: its rounds, and where each team stands in the current one. */
import type { LiveState, PendingHealDeal, TeamLive } from '../state/state';

export const HEAL_DEAL_ROUNDS = [1, 2, 3] as const;

/** A team is a zombie once its total (current + healings - damages) is 0 or below. */
export function isZombie(total: number): boolean {
  return total <= 0;
}

export function clampHealDealRound(round: number | null): number {
  if (round === null || !Number.isFinite(round)) return 1;
  return Math.min(3, Math.max(1, Math.trunc(round)));
}

/** The heal-and-deal round: the round of the current question, kept within 1 to 3. */
export function healDealRound(state: LiveState): number {
  return clampHealDealRound(state.night?.round ?? null);
}

export interface HealDealStatus {
  name: string;
  current: number;
  healings: number;
  damages: number;
  total: number;
  zombie: boolean;
}

const NOTHING_PENDING: PendingHealDeal = { healings: 0, damages: 0 };

export function healDealStatus(state: LiveState, team: TeamLive, round = healDealRound(state)): HealDealStatus {
  const hd = state.healDeal;
  const current = hd.current.get(team.id) ?? hd.settings.startHp;
  const pending = hd.calculatedRounds.includes(round)
    ? NOTHING_PENDING
    : (hd.pending.get(`${round}|${team.id}`) ?? NOTHING_PENDING);
  const total = current + pending.healings - pending.damages;
  return {
    name: team.name,
    current,
    healings: pending.healings,
    damages: pending.damages,
    total,
    zombie: isZombie(total),
  };
}
