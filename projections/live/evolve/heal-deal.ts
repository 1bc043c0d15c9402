import type { HealDealEvent } from '../../../events';
import { healDealChoiceKey, type HealDealLive, type LiveState, type PendingHealDeal } from '../state/state';
import type { Changes, Writer } from './writer';

function addPending(
  write: Writer,
  hd: HealDealLive,
  round: number,
  teamId: string,
  kind: 'heal' | 'deal',
  amount: number,
): HealDealLive['pending'] {
  const key = `${round}|${teamId}`;
  const before: PendingHealDeal = hd.pending.get(key) ?? { healings: 0, damages: 0 };
  const after =
    kind === 'heal'
      ? { ...before, healings: before.healings + amount }
      : { ...before, damages: before.damages + amount };
  return write.set(hd.pending, key, after);
}

export function evolveHealDeal(state: LiveState, event: HealDealEvent, write: Writer): Changes {
  const hd = state.healDeal;
  switch (event.type) {
    case 'HealDealChosen': {
      const { round, teamId, kind, targetTeamId, amount } = event.data;
      const choiceKey = healDealChoiceKey(round, teamId, kind);
      const previous = hd.choices.get(choiceKey);
      let next: HealDealLive = hd;
      // A team may change its mind until the round is calculated: the old choice is taken back.
      if (previous)
        next = { ...next, pending: addPending(write, next, round, previous.targetTeamId, kind, -previous.amount) };
      next = {
        ...next,
        pending: addPending(write, next, round, targetTeamId, kind, amount),
        choices: write.set(next.choices, choiceKey, { kind, targetTeamId, amount }),
      };
      return { healDeal: next };
    }
    case 'HealDealCalculated': {
      let current = hd.current;
      for (const t of event.data.teams) current = write.set(current, t.teamId, t.current);
      return { healDeal: { ...hd, current, calculatedRounds: [...hd.calculatedRounds, event.data.round] } };
    }
    case 'HealDealSettingChanged': {
      const { setting, round, value } = event.data;
      const settings =
        setting === 'startHp' || round === null
          ? { ...hd.settings, startHp: value }
          : { ...hd.settings, [setting]: { ...hd.settings[setting], [round]: value } };
      return { healDeal: { ...hd, settings } };
    }
  }
}
