import { useId, useState } from 'react';
import { command } from '../../realtime/connection';
import type { HealDealStatus } from '../../realtime/views';
import { useAppDispatch, useAppSelector } from '../../store';
import { selectGlobal, selectTeam } from '../../store/selectors';
import { uiActions } from '../../store/uiSlice';
import { t } from '../../texts';

type Kind = 'deal' | 'heal';

const EMPTY: Record<string, HealDealStatus> = {};

/** Heal and deal: tabs deal (default) and heal, choose a team (ghd), and the teams' status. */
export function HealDealQuestion() {
  const teams = useAppSelector((s) => selectGlobal(s)?.heal_deals ?? EMPTY);
  const myTeam = useAppSelector(selectTeam);
  const dispatch = useAppDispatch();
  const [tab, setTab] = useState<Kind>('deal');
  const [target, setTarget] = useState('');
  const [done, setDone] = useState<Record<Kind, boolean>>({ deal: false, heal: false });
  const selectId = useId();
  const mine = myTeam ? teams[String(myTeam.id)] : undefined;
  const iAmZombie = mine?.zombie ?? false;

  async function send() {
    if (tab === 'heal' && iAmZombie) {
      dispatch(uiActions.noticeAdded(t.healDeal.zombieCannotHeal));
      return;
    }
    if (!target) return;
    const reply = await command('ghd', { kind: tab, team: target });
    if (reply.success) setDone({ ...done, [tab]: true });
    else dispatch(uiActions.noticeAdded(reply.message ?? t.question.sendFailed));
  }

  const remaining = done.deal && done.heal ? t.healDeal.remainingBoth
    : done.heal ? t.healDeal.remainingDeal : done.deal ? t.healDeal.remainingHeal : t.healDeal.remainingNone;

  return (
    <div className="heal-deal">
      <div role="tablist" className="tabs">
        {(['deal', 'heal'] as const).map((kind) => (
          <button key={kind} type="button" role="tab" aria-selected={tab === kind} className="tab" onClick={() => setTab(kind)}>
            {t.healDeal[kind]}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="tabpanel">
        <p role="status">{remaining}</p>
        <div className="inline-form">
          <label htmlFor={selectId} className="visually-hidden">{t.healDeal.choose}</label>
          <select id={selectId} value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">{t.healDeal.choose}</option>
            {Object.entries(teams).map(([id, team]) => <option key={id} value={id}>{team.name}</option>)}
          </select>
          <button type="button" className="button button--primary" onClick={() => void send()} disabled={!target}>{t.healDeal.send}</button>
        </div>
      </div>
      <h3>{t.healDeal.status}</h3>
      <div className="table-scroll">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t.healDeal.columns.team}</th><th scope="col">{t.healDeal.columns.current}</th>
              <th scope="col">{t.healDeal.columns.heal}</th><th scope="col">{t.healDeal.columns.deal}</th>
              <th scope="col">{t.healDeal.columns.total}</th><th scope="col"><span className="visually-hidden">{t.healDeal.hp}</span></th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(teams).map(([id, team]) => (
              <tr key={id}>
                <th scope="row">{team.name}</th><td>{team.current}</td><td>{team.healings}</td><td>{team.damages}</td>
                <td>{team.total}</td><td>{team.zombie ? t.healDeal.zombie : t.healDeal.human}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
