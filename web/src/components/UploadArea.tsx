import { useState } from 'react';
import { HttpError, refusalText, upload, type UploadKind } from '../api/http';
import { UPLOAD_ACCEPT, validateUpload } from '../logic/validation';
import { useAppDispatch } from '../store';
import { uiActions } from '../store/uiSlice';
import { t } from '../texts';
import { FileDropZone } from './FileDropZone';
import { Spinner } from './Spinner';

export type UploadState = 'init' | 'uploading' | 'hasUploaded' | 'error';

interface UploadAreaProps {
  kind?: UploadKind;
  /** Sent along as `fileName` (the pause upload's resolution, which kind user needs). */
  fileName?: string;
  /** A problem that keeps the files from being sent (the screen's own text), or null. */
  problem?(): string | null;
  /** Called with the stored file names after a successful upload. */
  onUploaded?(fileNames: string[]): void;
  label?: string;
}

/** Picture upload: drag and drop or the file chooser (png, jpeg, gif), with the states init, uploading, hasUploaded, error. */
export function UploadArea({ kind = 'team', fileName, problem, onUploaded, label = t.upload.label }: UploadAreaProps) {
  const [state, setState] = useState<UploadState>('init');
  const [error, setError] = useState<string | null>(null);
  const dispatch = useAppDispatch();

  async function send(files: File[]) {
    if (files.length === 0) return;
    const refused = problem?.() ?? null;
    if (refused) {
      setState('error');
      setError(refused);
      return;
    }
    for (const file of files) {
      const fileProblem = validateUpload(file);
      if (fileProblem) {
        setState('error');
        setError(t.upload[fileProblem]);
        return;
      }
    }
    setError(null);
    setState('uploading');
    try {
      const reply = await upload(kind, files, { fileName });
      setState('hasUploaded');
      onUploaded?.(reply.fileNames);
    } catch (e) {
      setState('error');
      // The server's reason (a file too large, the quota or the disk full, too many uploads: with the wait), else the spec's texts.
      if (e instanceof HttpError && e.status === 413) setError(refusalText(e, t.upload.tooLarge));
      else if (e instanceof HttpError && e.status === 415) setError(t.upload.notImage);
      else if (e instanceof HttpError && (e.status === 429 || e.status === 507))
        setError(refusalText(e, t.upload.state.error));
      else dispatch(uiActions.noticeAdded(refusalText(e, t.upload.state.error)));
    }
  }

  return (
    <FileDropZone
      dropText={t.upload.drop}
      chooseText={t.upload.choose}
      accept={UPLOAD_ACCEPT}
      multiple={kind === 'team'}
      ariaLabel={label}
      onFiles={(files) => void send(files)}
    >
      <p className="upload__state" role="status">
        {state === 'uploading' && (
          <>
            <Spinner /> {t.upload.uploading}
          </>
        )}
        {state === 'hasUploaded' && t.upload.hasUploaded}
      </p>
      {state === 'error' && (
        <p className="form-error" role="alert">
          {error ?? t.upload.state.error}
        </p>
      )}
    </FileDropZone>
  );
}
