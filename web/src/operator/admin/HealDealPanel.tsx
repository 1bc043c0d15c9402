import { useEffect, useState } from 'react';
import { Field } from '../../components/Field';
import { useAppSelector } from '../../store';
import { selectGlobal } from '../../store/selectors';
import { t } from '../../texts/operator';
import { Facts, Panel, useCommand, useNotify } from '../shared';
import { HEAL_DEAL_ROUNDS } from '@live/rules/heal-deal';
import { WindowedTable } from '../Windowed';
import { HEAL_DEAL_REFRESH_MS, healDealRows, parseWholeNumber } from './logic';

type PerRoundSetting = 'healingPerRound' | 'damagePerRound' | 'damagePerRoundZombie';
const PER_ROUND: ReadonlyArray<[PerRoundSetting, string]> = [
  ['healingPerRound', t.admin.healing],
  ['damagePerRound', t.admin.damage],
  ['damagePerRoundZombie', t.admin.zombieDamage],
];

/** A whole-number setting with its own Save button: asu {path, value}. */
function SettingField({ label, path, initial }: { label: string; path: string; initial: number | undefined }) {
  const send = useCommand();
  const notify = useNotify();
  const [value, setValue] = useState(initial === undefined ? '' : String(initial));
  useEffect(() => setValue(initial === undefined ? '' : String(initial)), [initial]);
  function save() {
    const number = parseWholeNumber(value);
    if (number === null) return notify(t.admin.wholeNumber);
    void send('asu', { path, value: number }, t.operator.done);
  }
  return (
    <form
      className="inline-form inline-form--tight"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Field label={label} value={value} onValue={setValue} inputMode="numeric" pattern="-?[0-9]*" />
      <button type="submit" className="button button--small">
        {t.admin.save}
      </button>
    </form>
  );
}

/** Team, Current, Heal, Deal, Total, recomputed every second. */
function HealDealOverview() {
  const statuses = useAppSelector((s) => selectGlobal(s)?.heal_deals);
  const [rows, setRows] = useState(() => healDealRows(statuses));
  useEffect(() => {
    setRows(healDealRows(statuses));
    const timer = setInterval(() => setRows(healDealRows(statuses)), HEAL_DEAL_REFRESH_MS);
    return () => clearInterval(timer);
  }, [statuses]);
  const c = t.admin.columns;
  return (
    <WindowedTable
      items={rows}
      className="table table--compact"
      columns={5}
      before={<caption className="visually-hidden">{t.admin.overview}</caption>}
      head={
        <tr>
          <th scope="col">{c.team}</th>
          <th scope="col">{c.current}</th>
          <th scope="col">{c.heal}</th>
          <th scope="col">{c.deal}</th>
          <th scope="col">{c.total}</th>
        </tr>
      }
      row={(row, _index, rowProps) => (
        <tr key={row.id} className={row.zombie ? 'row--zombie' : ''} {...rowProps}>
          <th scope="row">{row.name}</th>
          <td>{row.current}</td>
          <td>{row.healings}</td>
          <td>{row.damages}</td>
          <td>
            <strong>{row.total}</strong>{' '}
            <span className="muted">{row.zombie ? t.healDeal.zombie : t.healDeal.human}</span>
          </td>
        </tr>
      )}
    />
  );
}

/** Healing and Dealing: position and state, calculate (ahd), start HP, registrations, per-round values, overview. */
export function HealDealPanel() {
  const global = useAppSelector(selectGlobal);
  const moderator = useAppSelector((s) => s.live.views.moderator);
  const settings = moderator?.heal_deal;
  const send = useCommand();
  const allow = global?.allowNewRegistrations ?? false;
  return (
    <Panel title={t.admin.healDealHeading} className="panel--wide">
      <Facts
        items={[
          [t.operator.quiz, String(moderator?.currentQuiz ?? '–')],
          [t.operator.round, String(moderator?.currentRound ?? '–')],
          [t.operator.question, String(moderator?.currentQuestion ?? '–')],
          [t.operator.state, global?.state ?? '–'],
          [t.admin.registrations, allow ? t.admin.registrationsOn : t.admin.registrationsOff],
        ]}
      />
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={() => void send('ahd', {}, t.operator.done)}>
          {t.admin.calculate}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => void send('asu', { path: 'global.allowNewRegistrations', value: !allow })}
        >
          {t.admin.registrations}: {allow ? t.admin.deactivate : t.admin.activate}
        </button>
      </div>
      <SettingField label={t.admin.startHp} path="moderator.heal_deal.startHp" initial={settings?.startHp} />
      <h3>{t.admin.perRound}</h3>
      <div className="table-scroll">
        <table className="table table--compact">
          <thead>
            <tr>
              <th scope="col">{t.operator.round}</th>
              {PER_ROUND.map(([key, label]) => (
                <th scope="col" key={key}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {HEAL_DEAL_ROUNDS.map((round) => (
              <tr key={round}>
                <th scope="row">{round}</th>
                {PER_ROUND.map(([key, label]) => (
                  <td key={key}>
                    <SettingField
                      label={t.admin.fieldLabel(label, round)}
                      path={`moderator.heal_deal.${key}.${round}`}
                      initial={settings?.[key][round]}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>{t.admin.overview}</h3>
      <HealDealOverview />
    </Panel>
  );
}
