import { useImageUrl } from '../../player/useTeam';
import { useAppSelector } from '../../store';
import { selectGlobal } from '../../store/selectors';
import { t } from '../../texts';
import { selectOperatorLists, teamNameOrPlaceholder, userNameOrPlaceholder } from '../operatorLists';
import { Panel } from '../shared';
import { WindowedTable } from '../Windowed';
import { UploadedImage } from '../../components/UploadedImage';

const IMAGE_TYPES = new Set(['zeichnen', 'selfie']);
const NO_PAIRS: Array<[string | number, string]> = [];

/**
 * Team mode: each team's favourite (images for zeichnen and selfie). Single mode: each player's answer.
 * Names come from the pushed operator view, so teams and players of the night show by name.
 */
export function FavouritesPanel() {
  const global = useAppSelector(selectGlobal);
  const favourites = useAppSelector((s) => s.live.views.moderator?.teamFavorites ?? NO_PAIRS);
  const userAnswers = useAppSelector((s) => s.live.views.moderator?.userAnswers ?? NO_PAIRS);
  const lists = useAppSelector(selectOperatorLists);
  const imageUrl = useImageUrl();
  const single = global?.mode === 'single';
  const images = IMAGE_TYPES.has(global?.question?.type ?? '');

  if (single) {
    return (
      <Panel title={t.control.userAnswersHeading}>
        {userAnswers.length === 0 ? <p className="muted">{t.control.noUserAnswers}</p> : (
          <WindowedTable
            items={userAnswers}
            className="table"
            columns={2}
            head={<tr><th scope="col">{t.control.user}</th><th scope="col">{t.control.favourite}</th></tr>}
            row={([userId, answer], _index, rowProps) => (
              <tr key={String(userId)} {...rowProps}>
                <th scope="row">{userNameOrPlaceholder(lists, userId)}</th>
                <td className="answer-cell">{answer || t.placeholders.emptyAnswer}</td>
              </tr>
            )}
          />
        )}
      </Panel>
    );
  }

  return (
    <Panel title={t.control.favouritesHeading}>
      {favourites.length === 0 ? <p className="muted">{t.control.noFavourites}</p> : (
        <WindowedTable
          items={favourites}
          className="table"
          columns={2}
          estimateRowPx={images ? 120 : 42}
          head={<tr><th scope="col">{t.control.team}</th><th scope="col">{t.control.favourite}</th></tr>}
          row={([teamId, favourite], _index, rowProps) => {
            const name = teamNameOrPlaceholder(lists, teamId);
            return (
              <tr key={String(teamId)} {...rowProps}>
                <th scope="row">{name}</th>
                <td className="answer-cell">
                  {images && favourite
                    ? <UploadedImage className="favourite-image" src={imageUrl(favourite)} alt={t.control.favouriteImage(name)} loading="lazy" />
                    : favourite || t.placeholders.emptyAnswer}
                </td>
              </tr>
            );
          }}
        />
      )}
    </Panel>
  );
}
