import { Link } from 'wouter';
import { config } from '../config';
import { roleLabel } from '../logic/token';
import { useAppDispatch, useAppSelector } from '../store';
import { selectPerm } from '../store/selectors';
import { uiActions } from '../store/uiSlice';
import { t } from '../texts';
import { Modal } from './Modal';

/** Help: instruction image, role label, app version and a link to the changelog. */
export function HelpDialog() {
  const open = useAppSelector((s) => s.ui.helpOpen);
  const perm = useAppSelector(selectPerm);
  const dispatch = useAppDispatch();
  const close = () => dispatch(uiActions.helpToggled(false));
  const role = roleLabel(perm);
  return (
    <Modal
      open={open}
      title={t.help.title}
      onClose={close}
      footer={
        <button type="button" className="button" onClick={close}>
          {t.help.close}
        </button>
      }
    >
      <img className="help__image" src={config.instructionImage} alt={t.help.instructionAlt} />
      <dl className="help__facts">
        <dt>{t.help.role}</dt>
        <dd>{role ? t.help.roles[role] : t.help.noRole}</dd>
        <dt>{t.help.version}</dt>
        <dd>{t.app.version}</dd>
      </dl>
      <Link href="/changelog" onClick={close}>
        {t.help.changelog}
      </Link>
    </Modal>
  );
}
