import { useMemo, useRef, useState } from 'react';
import { upload } from '../../api/http';
import { DrawingCanvas, type DrawingCanvasHandle } from '../../components/DrawingCanvas';
import { FormError } from '../../components/Field';
import { UploadArea } from '../../components/UploadArea';
import { parseStoredStrokes } from '../../logic/drawing';
import { command } from '../../realtime/connection';
import { useAppSelector } from '../../store';
import { selectUser } from '../../store/selectors';
import { t } from '../../texts';
import { ProposalList } from '../ProposalList';

async function proposeFiles(fileNames: string[]): Promise<string | null> {
  for (const fileName of fileNames) {
    const reply = await command('gp', { message: fileName });
    if (!reply.success) return reply.message ?? t.question.sendFailed;
  }
  return null;
}

/** Selfie: upload a photo (kind question), proposed by its file name; proposals shown as images. */
export function SelfieQuestion() {
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <p>{t.question.selfieHint}</p>
      <UploadArea kind="question" onUploaded={(names) => void proposeFiles(names).then(setError)} />
      <FormError message={error} />
      <ProposalList images />
    </>
  );
}

/** Zeichnen: draw, propose (PNG 600x300 on white, uploaded as `image`), or upload a picture. */
export function DrawingQuestion() {
  const canvas = useRef<DrawingCanvasHandle>(null);
  const currentAnswer = useAppSelector((s) => selectUser(s)?.currentAnswer);
  const stored = useMemo(() => parseStoredStrokes(currentAnswer), [currentAnswer]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function propose() {
    const blob = await canvas.current?.toPng();
    if (!blob) return;
    setBusy(true);
    try {
      const reply = await upload('question', [blob], { single: true });
      if (reply.fileNames.length === 0) setError(t.upload.saveFailed);
      else setError(await proposeFiles(reply.fileNames.slice(0, 1)));
    } catch {
      setError(t.upload.saveFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p>{t.question.drawingHint}</p>
      <DrawingCanvas ref={canvas} storedStrokes={stored} />
      <FormError message={error} />
      <button type="button" className="button button--primary" disabled={busy} onClick={() => void propose()}>{t.question.propose}</button>
      <UploadArea kind="question" onUploaded={(names) => void proposeFiles(names).then(setError)} />
      <ProposalList images />
    </>
  );
}
