import { QRCodeSVG } from 'qrcode.react';
import { useId, useMemo, useState } from 'react';
import { showOrigin } from '../../api/about';
import { buildInviteLink, buildLoginLink } from '../../logic/links';
import { useAppSelector } from '../../store';
import { t } from '../../texts/operator';
import { selectOperatorTeams, selectOperatorUsers } from '../operatorLists';
import { Panel, useCommand } from '../shared';
import { FilteredSelect, type Choice } from '../FilteredSelect';

/** Choose an entry, ask the server for a token (ati / ali), show the link built from it. */
function LinkPanel({
  title,
  label,
  placeholder,
  button,
  code,
  choices,
  build,
  withQr,
}: {
  title: string;
  label: string;
  placeholder: string;
  button: string;
  code: 'ati' | 'ali';
  choices: readonly Choice[];
  build(origin: string, token: string): string;
  withQr: boolean;
}) {
  const send = useCommand();
  const linkId = useId();
  const [chosen, setChosen] = useState('');
  const [link, setLink] = useState<string | null>(null);

  async function create() {
    if (!chosen) return;
    const reply = await send(code, { id: chosen });
    if (reply.success) setLink(build(await showOrigin(), reply.token));
  }

  return (
    <Panel title={title}>
      <div className="inline-form">
        <FilteredSelect
          label={label}
          placeholder={placeholder}
          choices={choices}
          chosen={chosen}
          onChoose={(id) => {
            setChosen(id);
            setLink(null);
          }}
        />
        <button type="button" className="button button--primary" disabled={!chosen} onClick={() => void create()}>
          {button}
        </button>
      </div>
      {link && (
        <>
          <div className="field">
            <label htmlFor={linkId}>{t.admin.link}</label>
            <input id={linkId} readOnly value={link} onFocus={(e) => e.target.select()} />
          </div>
          {withQr && (
            <div className="qr">
              <QRCodeSVG value={link} size={200} marginSize={2} role="img" aria-label={t.admin.qrLabel} />
            </div>
          )}
        </>
      )}
    </Panel>
  );
}

/** JoinTeam: an invite link for any team (ati → /invite#teamToken=…). */
export function JoinTeamPanel() {
  const all = useAppSelector(selectOperatorTeams);
  const teams = useMemo(
    () => all.map((team) => ({ id: team.id, name: team.name, detail: t.operator.teamNumber(team.number) })),
    [all],
  );
  return (
    <LinkPanel
      title={t.admin.joinTeamHeading}
      label={t.admin.team}
      placeholder={t.admin.chooseTeam}
      button={t.admin.getInvite}
      code="ati"
      choices={teams}
      build={buildInviteLink}
      withQr={false}
    />
  );
}

/** LoginUser: a one-time login link for a user (ali → /qrlogin#userToken=…) with its QR code. */
export function LoginUserPanel() {
  const all = useAppSelector(selectOperatorUsers);
  const users = useMemo(() => all.map((user) => ({ id: user.id, name: user.name, detail: user.login })), [all]);
  return (
    <LinkPanel
      title={t.admin.loginUserHeading}
      label={t.admin.user}
      placeholder={t.admin.chooseUser}
      button={t.admin.getLoginLink}
      code="ali"
      choices={users}
      build={buildLoginLink}
      withQr
    />
  );
}
