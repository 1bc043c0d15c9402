import { useImageUrl } from '../../player/useTeam';
import { useAppSelector } from '../../store';
import { selectGlobal } from '../../store/selectors';
import { t } from '../../texts/operator';
import { selectOperatorLists, teamNameOrPlaceholder, userNameOrPlaceholder } from '../operatorLists';
import { Panel } from '../shared';
import { WindowedTable } from '../Windowed';
import { UploadedImage } from '../../components/UploadedImage';
import { HIDDEN_PICTURE_TEXT } from '@live/rules/moderated';
import { PictureToggle } from './PictureToggle';

const IMAGE_TYPES = new Set(['zeichnen', 'selfie']);
const NO_PAIRS: Array<[string | number, string]> = [];
const NO_HIDDEN: string[] = [];

/**
 * Team mode: each team's favourite (images for zeichnen and selfie). Single mode: each player's answer.
 * Names come from the pushed operator view, so teams and players of the night show by name.
 */
export function FavouritesPanel() {
  const global = useAppSelector(selectGlobal);
  const favourites = useAppSelector((s) => s.live.views.moderator?.teamFavorites ?? NO_PAIRS);
  const userAnswers = useAppSelector((s) => s.live.views.moderator?.userAnswers ?? NO_PAIRS);
  const lists = useAppSelector(selectOperatorLists);
  const hidden = useAppSelector((s) => s.live.views.moderator?.hiddenPictures ?? NO_HIDDEN);
  const imageUrl = useImageUrl();
  const single = global?.mode === 'single';
  const images = IMAGE_TYPES.has(global?.question?.type ?? '');

  // Single mode lists players and their answers, team mode teams and their favourites (pictures for image questions).
  const pairs = single ? userAnswers : favourites;
  const nameOf = single ? userNameOrPlaceholder : teamNameOrPlaceholder;
  const pictures = !single && images;

  return (
    <Panel title={single ? t.control.userAnswersHeading : t.control.favouritesHeading}>
      {pairs.length === 0 ? (
        <p className="muted">{single ? t.control.noUserAnswers : t.control.noFavourites}</p>
      ) : (
        <WindowedTable
          items={pairs}
          className="table"
          columns={2}
          estimateRowPx={pictures ? 120 : 42}
          head={
            <tr>
              <th scope="col">{single ? t.control.user : t.control.team}</th>
              <th scope="col">{t.control.favourite}</th>
            </tr>
          }
          row={([id, answer], _index, rowProps) => {
            const name = nameOf(lists, id);
            return (
              <tr key={String(id)} {...rowProps}>
                <th scope="row">{name}</th>
                <td className="answer-cell">
                  {pictures && answer ? (
                    <>
                      {hidden.includes(answer) ? (
                        <span className="muted">{HIDDEN_PICTURE_TEXT}</span>
                      ) : (
                        <UploadedImage
                          className="favourite-image"
                          src={imageUrl(answer)}
                          alt={t.control.favouriteImage(name)}
                          loading="lazy"
                        />
                      )}{' '}
                      <PictureToggle fileName={answer} hidden={hidden.includes(answer)} />
                    </>
                  ) : (
                    answer || t.placeholders.emptyAnswer
                  )}
                </td>
              </tr>
            );
          }}
        />
      )}
    </Panel>
  );
}
