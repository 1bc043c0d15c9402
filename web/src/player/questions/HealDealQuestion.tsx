import { useId, useState } from 'react';
import { healDealTargetAllowed } from '@live/rules/play-rules';
import { command } from '../../realtime/connection';
import type { HealDealStatus } from '../../realtime/views';
import { useAppDispatch, useAppSelector } from '../../store';
import { selectGlobal, selectTeam } from '../../store/selectors';
import { uiActions } from '../../store/uiSlice';
import { t } from '../../texts';

type Kind = 'deal' | 'heal';

const EMPTY: Record<string, HealDealStatus> = {};

/**
 * Heal and deal: tabs deal (default) and heal, choose a team (ghd), and the teams' status. The team's
 * choices come from the team view: every member sees them, and they are still there after a reload.
 */
export function HealDealQuestion() {
  const teams = useAppSelector((s) => selectGlobal(s)?.heal_deals ?? EMPTY);
  const myTeam = useAppSelector(selectTeam);
  const dispatch = useAppDispatch();
  const [tab, setTab] = useState<Kind>('deal');
  const [target, setTarget] = useState('');
  const selectId = useId();
  const ownId = myTeam ? String(myTeam.id) : null;
  const choices = myTeam?.healDeal ?? null;
  const chosen = choices?.[tab] ?? null;
  const iAmZombie = (ownId ? teams[ownId]?.zombie : undefined) ?? false;
  const targets = Object.entries(teams).filter(([id]) => ownId === null || healDealTargetAllowed(tab, ownId, id));
  const selected = targets.some(([id]) => id === target) ? target : '';

  async function send() {
    if (tab === 'heal' && iAmZombie) {
      dispatch(uiActions.noticeAdded(t.healDeal.zombieCannotHeal));
      return;
    }
    if (!selected) return;
    const reply = await command('ghd', { kind: tab, team: selected });
    if (reply.success) setTarget('');
    else dispatch(uiActions.noticeAdded(reply.message ?? t.question.sendFailed));
  }

  const healed = choices?.heal != null;
  const dealt = choices?.deal != null;
  const remaining =
    healed && dealt
      ? t.healDeal.remainingBoth
      : healed
        ? t.healDeal.remainingDeal
        : dealt
          ? t.healDeal.remainingHeal
          : t.healDeal.remainingNone;

  return (
    <div className="heal-deal">
      <div role="tablist" className="tabs">
        {(['deal', 'heal'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            role="tab"
            aria-selected={tab === kind}
            className="tab"
            onClick={() => setTab(kind)}
          >
            {t.healDeal[kind]}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="tabpanel">
        <p role="status">{remaining}</p>
        <p className="heal-deal__choice">
          {chosen ? t.healDeal.chosen[tab](chosen.teamName, chosen.amount) : t.healDeal.notChosen[tab]}
        </p>
        {choices?.calculated ? (
          <p className="muted">{t.healDeal.calculated(choices.round)}</p>
        ) : (
          <div className="inline-form">
            <label htmlFor={selectId} className="visually-hidden">
              {t.healDeal.choose}
            </label>
            <select id={selectId} value={selected} onChange={(e) => setTarget(e.target.value)}>
              <option value="">{t.healDeal.choose}</option>
              {targets.map(([id, team]) => (
                <option key={id} value={id}>
                  {team.name}
                </option>
              ))}
            </select>
            <button type="button" className="button button--primary" onClick={() => void send()} disabled={!selected}>
              {chosen ? t.healDeal.change : t.healDeal.send}
            </button>
          </div>
        )}
      </div>
      <h3>{t.healDeal.status}</h3>
      <div className="table-scroll">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t.healDeal.columns.team}</th>
              <th scope="col">{t.healDeal.columns.current}</th>
              <th scope="col">{t.healDeal.columns.heal}</th>
              <th scope="col">{t.healDeal.columns.deal}</th>
              <th scope="col">{t.healDeal.columns.total}</th>
              <th scope="col">
                <span className="visually-hidden">{t.healDeal.hp}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(teams).map(([id, team]) => (
              <tr key={id}>
                <th scope="row">{team.name}</th>
                <td>{team.current}</td>
                <td>{team.healings}</td>
                <td>{team.damages}</td>
                <td>{team.total}</td>
                <td>{team.zombie ? t.healDeal.zombie : t.healDeal.human}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
