import { memo, startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { useAppSelector } from '../../store';
import { selectImgPrefix } from '../../store/selectors';
import { t } from '../../texts/operator';
import { operatorTeam, selectOperatorLists, selectOperatorTeams } from '../operatorLists';
import { Panel, useCommand } from '../shared';
import {
  foldersFirst,
  joinFolder,
  parentFolder,
  pictureTeamName,
  stepPresentation,
  uploadUrl,
  type FolderEntry,
} from './logic';
import { UploadedImage } from '../../components/UploadedImage';
import type { OperatorView } from '../../realtime/views';
import { PictureToggle } from './PictureToggle';

/** Presentation: a modal with team name and picture; next and before buttons, keys n and b. */
function Presentation({
  pictures,
  folder,
  onClose,
}: {
  pictures: readonly FolderEntry[];
  folder: string;
  onClose(): void;
}) {
  const [index, setIndex] = useState(-1);
  const prefix = useAppSelector(selectImgPrefix);
  const teams = useAppSelector(selectOperatorTeams);
  const step = (direction: 1 | -1) => setIndex((i) => stepPresentation(i, pictures.length, direction));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      if (e.key === 'n') setIndex((i) => stepPresentation(i, pictures.length, 1));
      if (e.key === 'b') setIndex((i) => stepPresentation(i, pictures.length, -1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [pictures.length]);

  const picture = index >= 0 ? pictures[index] : undefined;
  const team = picture ? pictureTeamName(folder, picture.name, teams) : '';
  return (
    <Modal
      open
      title={picture ? team || picture.name : t.picviewer.presentationTitle}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={() => step(-1)} disabled={index < 0}>
            {t.picviewer.before}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => step(1)}
            disabled={index >= pictures.length - 1}
          >
            {t.picviewer.next}
          </button>
        </>
      }
    >
      {picture ? (
        <figure className="presentation">
          <UploadedImage
            src={uploadUrl(prefix, folder, picture.name)}
            alt={t.picviewer.imageAlt(team || picture.name)}
          />
          <figcaption className="muted" aria-live="polite">
            {t.picviewer.counter(index + 1, pictures.length)} · {picture.name}
          </figcaption>
        </figure>
      ) : (
        <p>{t.picviewer.presentationStart(pictures.length)}</p>
      )}
    </Modal>
  );
}

/** The folder path for people: a team's folder (named by the team id) by the team's name. */
function folderTitle(folder: string, lists: OperatorView | null): string {
  return folder
    .split('/')
    .filter(Boolean)
    .map((part) => operatorTeam(lists, part)?.name ?? part)
    .join(' / ');
}

/** A folder to open; a team's upload folder (named by the team id) shows the team's name, the id below. */
function FolderButton({ name, teamName, onOpen }: { name: string; teamName: string | undefined; onOpen(): void }) {
  return (
    <button
      type="button"
      className="folder-button"
      aria-label={t.picviewer.folderEntry(teamName ?? name)}
      title={name}
      onClick={onOpen}
    >
      <span className="folder-button__icon" aria-hidden="true" />
      <span className="folder-button__name">{teamName ?? name}</span>
      {teamName !== undefined && <span className="folder-button__id">{name}</span>}
    </button>
  );
}

const NO_PICTURES: string[] = [];

interface FolderEntriesProps {
  entries: FolderEntry[];
  folder: string;
  hidden: ReadonlySet<string>;
  lists: OperatorView | null;
  prefix: string;
  open(folder: string): Promise<void>;
}

/**
 * A folder's entries. Memoised: typing a path or clicking a folder re-renders the page, not its 1,000
 * team folders (their click waited for that render).
 */
const FolderEntries = memo(function FolderEntries({
  entries,
  folder,
  hidden,
  lists,
  prefix,
  open,
}: FolderEntriesProps) {
  const isHidden = (name: string) => hidden.has(joinFolder(folder, name));
  return (
    <ul className="folder-list">
      {entries.map((entry) => (
        <li key={entry.name} className="folder-list__item">
          {entry.isFile ? (
            <figure className={isHidden(entry.name) ? 'picture--hidden' : undefined}>
              <UploadedImage src={uploadUrl(prefix, folder, entry.name)} alt={entry.name} loading="lazy" />
              <figcaption>
                {entry.name}
                {isHidden(entry.name) && <span className="badge">{t.moderation.pictureIsHidden}</span>}{' '}
                <PictureToggle fileName={joinFolder(folder, entry.name)} hidden={isHidden(entry.name)} />
              </figcaption>
            </figure>
          ) : (
            <FolderButton
              name={entry.name}
              teamName={operatorTeam(lists, entry.name)?.name}
              onOpen={() => void open(joinFolder(folder, entry.name))}
            />
          )}
        </li>
      ))}
    </ul>
  );
});

/** Picture viewer: an upload folder (muf), up-folder, its files and folders, and the presentation. */
export function PicViewerPage() {
  const send = useCommand();
  // Team names by id (the operator view's map): the teams' folder lists every team, 1,000 at a big night.
  const lists = useAppSelector(selectOperatorLists);
  const prefix = useAppSelector(selectImgPrefix);
  const [folderInput, setFolderInput] = useState('');
  const [folder, setFolder] = useState('');
  const [entries, setEntries] = useState<FolderEntry[]>([]);
  const [presenting, setPresenting] = useState(false);

  const open = useCallback(
    async (target: string) => {
      setFolderInput(target);
      const reply = await send('muf', { folder: target });
      if (!reply.success) return;
      // A transition: a folder of 1,000 teams renders without holding the page (no long task).
      startTransition(() => {
        setFolder(target);
        setEntries(foldersFirst(reply.folder));
      });
    },
    [send],
  );

  // Once on entry (send, and so open, stay the same): the uploads' top folder.
  useEffect(() => {
    void open('');
  }, [open]);

  const hiddenPictures = useAppSelector((s) => s.live.views.moderator?.hiddenPictures ?? NO_PICTURES);
  const hidden = useMemo(() => new Set(hiddenPictures), [hiddenPictures]);
  const isHidden = (name: string) => hidden.has(joinFolder(folder, name));
  // What goes on the stream never shows a hidden picture.
  const pictures = entries.filter((e) => e.isFile && !isHidden(e.name));
  return (
    <div className="page operator">
      <h1>{t.picviewer.heading}</h1>
      <Panel title={folder === '' ? t.picviewer.root : folderTitle(folder, lists)}>
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            void open(folderInput.trim());
          }}
        >
          <Field label={t.picviewer.folder} value={folderInput} onValue={setFolderInput} />
          <button type="submit" className="button button--primary">
            {t.picviewer.open}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => void open(parentFolder(folder))}
            disabled={folder === ''}
          >
            {t.picviewer.up}
          </button>
          <button type="button" className="button" onClick={() => setPresenting(true)} disabled={pictures.length === 0}>
            {t.picviewer.present}
          </button>
        </form>
        {entries.length === 0 ? (
          <p className="muted">{t.picviewer.empty}</p>
        ) : (
          // Keyed by the folder: opening another replaces the list as one node (1,000 team folders: one removal, not 1,000).
          <FolderEntries key={folder} {...{ entries, folder, hidden, lists, prefix, open }} />
        )}
      </Panel>
      {presenting && <Presentation pictures={pictures} folder={folder} onClose={() => setPresenting(false)} />}
    </div>
  );
}
