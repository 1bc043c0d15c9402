/** The results of a quiz as spreadsheets: one download button per file (moderator's points page, admin page). */
import { HttpError } from '../api/http';
import { downloadResultFile, RESULT_FILES, type ResultFile } from '../api/operator';
import { t } from '../texts/operator';
import { useNotify } from './shared';

/** Saves a blob as a file through a temporary link. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The file name the server also names in Content-Disposition: quiz-<id>-antworten.csv. */
export function resultFileName(quizId: string, file: ResultFile): string {
  return `quiz-${quizId.replace(/[^A-Za-z0-9_-]/g, '')}-${t.results.fileNames[file]}.csv`;
}

/** Three buttons: answers.csv, points.csv, stats.csv of the quiz, fetched with the login's Authorization header. */
export function ResultDownloads({ quizId }: { quizId: string }) {
  const notify = useNotify();
  async function download(file: ResultFile) {
    try {
      saveFile(await downloadResultFile(quizId, file), resultFileName(quizId, file));
    } catch (error) {
      notify((error instanceof HttpError && error.detail) || t.results.failed(t.results.files[file]));
    }
  }
  return (
    <div role="group" aria-label={t.results.downloads} className="button-row">
      {RESULT_FILES.map((file) => (
        <button
          key={file}
          type="button"
          className="button"
          disabled={quizId.trim() === ''}
          onClick={() => void download(file)}
        >
          {t.results.files[file]}
        </button>
      ))}
    </div>
  );
}
