import { t } from '../../texts/operator';
import { useCommand } from '../shared';

/** mph: hide a picture from every player view and list (confirmed), or show it again. */
export function PictureToggle({ fileName, hidden }: { fileName: string; hidden: boolean }) {
  const send = useCommand();
  return hidden ? (
    <button
      type="button"
      className="button button--small"
      aria-label={t.moderation.showPictureLabel(fileName)}
      onClick={() => void send('mph', { fileName, hidden: false }, t.moderation.pictureShown)}
    >
      {t.moderation.restore}
    </button>
  ) : (
    <button
      type="button"
      className="button button--small button--danger"
      aria-label={t.moderation.hidePictureLabel(fileName)}
      onClick={() =>
        window.confirm(t.moderation.hidePictureConfirm) &&
        void send('mph', { fileName, hidden: true }, t.moderation.pictureHidden)
      }
    >
      {t.moderation.hidePicture}
    </button>
  );
}
