import type { EventEnvelope } from './envelope';

export type HealDealKind = 'heal' | 'deal';

/** `amount` is fixed when chosen: the round's healing, normal damage or zombie damage. */
export type HealDealChosen = EventEnvelope<
  'HealDealChosen',
  1,
  {
    round: number;
    teamId: string;
    kind: HealDealKind;
    targetTeamId: string;
    amount: number;
  }
>;

/** ahd: the round is settled; each team's current becomes current + healings - damages. */
export type HealDealCalculated = EventEnvelope<
  'HealDealCalculated',
  1,
  {
    round: number;
    teams: { teamId: string; current: number }[];
  }
>;

export type HealDealSetting = 'startHp' | 'healingPerRound' | 'damagePerRound' | 'damagePerRoundZombie';

export type HealDealSettingChanged = EventEnvelope<
  'HealDealSettingChanged',
  1,
  {
    setting: HealDealSetting;
    /** null for startHp. */
    round: number | null;
    value: number;
  }
>;

export type HealDealEvent = HealDealChosen | HealDealCalculated | HealDealSettingChanged;
