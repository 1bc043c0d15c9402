import { QRCodeSVG } from 'qrcode.react';
import { useId, useMemo, useState } from 'react';
import { buildInviteLink, buildLoginLink } from '../../logic/links';
import { useAppSelector } from '../../store';
import { t } from '../../texts';
import { selectOperatorTeams, selectOperatorUsers } from '../operatorLists';
import { Field } from '../../components/Field';
import { Panel, useCommand } from '../shared';
import { WINDOW_FROM } from '../Windowed';

interface Choice {
  id: string;
  name: string;
  /** What tells two entries of the same name apart (a team's number, a user's login). */
  detail: string;
}

/**
 * The entries the list offers: over WINDOW_FROM, the first that match the filter (name and detail,
 * any case), and the chosen one always. A native select of thousands of options costs the page
 * hundreds of milliseconds to build and lay out (docs/decisions/operator-lists.md).
 */
export function offeredChoices<C extends Choice>(choices: readonly C[], labels: readonly string[], filter: string, chosen: string): readonly C[] {
  if (choices.length <= WINDOW_FROM) return choices;
  const wanted = filter.trim().toLocaleLowerCase('de');
  const offered: C[] = [];
  for (let i = 0; i < choices.length && offered.length < WINDOW_FROM; i++) {
    if (wanted === '' || labels[i].includes(wanted)) offered.push(choices[i]);
  }
  const picked = choices.find((c) => c.id === chosen);
  return picked && !offered.includes(picked) ? [picked, ...offered] : offered;
}

const labelOf = (c: Choice) => `${c.name} (${c.detail})`;

/** Choose an entry, ask the server for a token (ati / ali), show the link built from it. */
function LinkPanel({ title, label, placeholder, button, code, choices, build, withQr }: {
  title: string; label: string; placeholder: string; button: string; code: 'ati' | 'ali';
  choices: readonly Choice[]; build(pageUrl: string, token: string): string; withQr: boolean;
}) {
  const send = useCommand();
  const selectId = useId();
  const linkId = useId();
  const [chosen, setChosen] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const labels = useMemo(() => choices.map((c) => labelOf(c).toLocaleLowerCase('de')), [choices]);
  const offered = useMemo(() => offeredChoices(choices, labels, filter, chosen), [choices, labels, filter, chosen]);
  const options = useMemo(() => offered.map((c) => <option key={c.id} value={c.id}>{labelOf(c)}</option>), [offered]);
  const long = choices.length > WINDOW_FROM;

  async function create() {
    if (!chosen) return;
    const reply = await send(code, { id: chosen });
    if (reply.success) setLink(build(window.location.href, reply.token));
  }

  return (
    <Panel title={title}>
      {long && <Field label={t.admin.listFilter} type="search" value={filter} onValue={setFilter} hint={t.admin.listShown(offered.length, choices.length)} />}
      <div className="inline-form">
        <div className="field">
          <label htmlFor={selectId}>{label}</label>
          <select id={selectId} value={chosen} onChange={(e) => { setChosen(e.target.value); setLink(null); }}>
            <option value="">{placeholder}</option>
            {options}
          </select>
        </div>
        <button type="button" className="button button--primary" disabled={!chosen} onClick={() => void create()}>{button}</button>
      </div>
      {link && (
        <>
          <div className="field">
            <label htmlFor={linkId}>{t.admin.link}</label>
            <input id={linkId} readOnly value={link} onFocus={(e) => e.target.select()} />
          </div>
          {withQr && <div className="qr"><QRCodeSVG value={link} size={200} marginSize={2} role="img" aria-label={t.admin.qrLabel} /></div>}
        </>
      )}
    </Panel>
  );
}

/** JoinTeam: an invite link for any team (ati → /invite#teamToken=…). */
export function JoinTeamPanel() {
  const all = useAppSelector(selectOperatorTeams);
  const teams = useMemo(() => all.map((team) => ({ id: team.id, name: team.name, detail: t.operator.teamNumber(team.number) })), [all]);
  return (
    <LinkPanel
      title={t.admin.joinTeamHeading} label={t.admin.team} placeholder={t.admin.chooseTeam} button={t.admin.getInvite}
      code="ati" choices={teams} build={buildInviteLink} withQr={false}
    />
  );
}

/** LoginUser: a one-time login link for a user (ali → /qrlogin#userToken=…) with its QR code. */
export function LoginUserPanel() {
  const all = useAppSelector(selectOperatorUsers);
  const users = useMemo(() => all.map((user) => ({ id: user.id, name: user.name, detail: user.login })), [all]);
  return (
    <LinkPanel
      title={t.admin.loginUserHeading} label={t.admin.user} placeholder={t.admin.chooseUser} button={t.admin.getLoginLink}
      code="ali" choices={users} build={buildLoginLink} withQr
    />
  );
}
