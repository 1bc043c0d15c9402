import { useRef, useState } from 'react';
import { upload } from '../../api/http';
import type { DrawingCanvasHandle } from '../../components/DrawingCanvas';
import { DrawingCanvas } from '../../components/DrawingCanvasOnDemand';
import { thinDrawing, type DrawnStroke } from '../../logic/drawing';
import { FormError } from '../../components/Field';
import { UploadArea } from '../../components/UploadArea';
import { command } from '../../realtime/connection';
import { useAppSelector } from '../../store';
import { selectGlobal, selectUser } from '../../store/selectors';
import { dropDrawingDraft } from '../../components/drawingDraft';
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

/** The drawing's strokes are kept by the server (gz), so that a reload or another device redraws them. */
async function saveStrokes(strokes: DrawnStroke[]): Promise<string | null> {
  if (strokes.length === 0) return null;
  const reply = await command('gz', { strokes: thinDrawing(strokes) });
  return reply.success ? null : (reply.message ?? t.question.sendFailed);
}

/**
 * Zeichnen: draw, propose (PNG 600x300 on white, uploaded as `image`; the strokes are saved with it),
 * or upload a picture. The player's saved drawing of the question is redrawn when the canvas opens.
 */
export function DrawingQuestion() {
  const canvas = useRef<DrawingCanvasHandle>(null);
  const drawing = useAppSelector((s) => selectUser(s)?.drawing ?? null);
  const draftOf = useAppSelector((s) => {
    const question = selectGlobal(s)?.question;
    return `${selectUser(s)?.id ?? ''}|${question?.round ?? ''}/${question?.number ?? ''}`;
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function propose() {
    const current = canvas.current;
    const blob = await current?.toPng();
    if (!current || !blob) return;
    setBusy(true);
    try {
      const saveProblem = await saveStrokes(current.toStoredStrokes());
      const reply = await upload('question', [blob], { single: true });
      if (reply.fileNames.length === 0) return setError(t.upload.saveFailed);
      const refused = await proposeFiles(reply.fileNames.slice(0, 1));
      setError(refused ?? saveProblem);
      if (refused === null) dropDrawingDraft(draftOf); // proposed: the draft has done its work
    } catch {
      setError(t.upload.saveFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p>{t.question.drawingHint}</p>
      <DrawingCanvas ref={canvas} storedStrokes={drawing} draftOf={draftOf} />
      <FormError message={error} />
      <button type="button" className="button button--primary" disabled={busy} onClick={() => void propose()}>
        {t.question.propose}
      </button>
      <UploadArea kind="question" onUploaded={(names) => void proposeFiles(names).then(setError)} />
      <ProposalList images />
    </>
  );
}
