import { useImageUrl } from '../../player/useTeam';
import { useAppSelector } from '../../store';
import { selectGlobal } from '../../store/selectors';
import { t } from '../../texts';
import { selectOperatorLists, teamNameOrPlaceholder, userNameOrPlaceholder } from '../operatorLists';
import { Panel } from '../shared';
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
          <div className="table-scroll">
            <table className="table">
              <thead><tr><th scope="col">{t.control.user}</th><th scope="col">{t.control.favourite}</th></tr></thead>
              <tbody>
                {userAnswers.map(([userId, answer]) => (
                  <tr key={String(userId)}>
                    <th scope="row">{userNameOrPlaceholder(lists, userId)}</th>
                    <td className="answer-cell">{answer || t.placeholders.emptyAnswer}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    );
  }

  return (
    <Panel title={t.control.favouritesHeading}>
      {favourites.length === 0 ? <p className="muted">{t.control.noFavourites}</p> : (
        <div className="table-scroll">
          <table className="table">
            <thead><tr><th scope="col">{t.control.team}</th><th scope="col">{t.control.favourite}</th></tr></thead>
            <tbody>
              {favourites.map(([teamId, favourite]) => {
                const name = teamNameOrPlaceholder(lists, teamId);
                return (
                  <tr key={String(teamId)}>
                    <th scope="row">{name}</th>
                    <td className="answer-cell">
                      {images && favourite
                        ? <UploadedImage className="favourite-image" src={imageUrl(favourite)} alt={t.control.favouriteImage(name)} loading="lazy" />
                        : favourite || t.placeholders.emptyAnswer}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
