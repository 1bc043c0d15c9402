import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { canvasPoint, mouseReleased, startsStroke } from '../../components/canvasPointer';
import { Field, TextAreaField } from '../../components/Field';
import { COLOURS, type ColourKey } from '../../logic/drawing';
import { UBER_MODES } from '../../../../events/show';
import { uberModeLocked } from '@live/rules/play-rules';
import { isQuestionOpenInView } from '@live/views/view-rules';
import type { Stroke } from '../../realtime/views';
import { useAppSelector } from '../../store';
import { selectGlobal } from '../../store/selectors';
import { t } from '../../texts/operator';
import { Panel, useCommand, useNotify } from '../shared';
import { FIELD_MAXIMA } from '@live/rules/field-limits';

/** Uber mode (mum; a quiz mode is left only while no question is active), its message (mumm), instructions (mi). */
export function UberPanel() {
  const global = useAppSelector(selectGlobal);
  const send = useCommand();
  const notify = useNotify();
  const selectId = useId();
  const [modus, setModus] = useState<string>(global?.uberModus ?? 'quiz');
  const [message, setMessage] = useState(global?.uberMessage ?? '');
  // Follow the server when the mode or message changes (another moderator, a reset).
  useEffect(() => setModus(global?.uberModus ?? 'quiz'), [global?.uberModus]);
  useEffect(() => setMessage(global?.uberMessage ?? ''), [global?.uberMessage]);

  function changeMode() {
    const current = global?.uberModus ?? 'quiz';
    if (modus !== current && uberModeLocked(current, isQuestionOpenInView(global)))
      return notify(t.control.uberModeOnlyWithoutQuestion);
    void send('mum', { modus }, t.operator.done);
  }

  return (
    <Panel title={t.control.uberHeading}>
      <div className="inline-form">
        <div className="field">
          <label htmlFor={selectId}>{t.control.uberMode}</label>
          <select id={selectId} value={modus} onChange={(e) => setModus(e.target.value)}>
            {UBER_MODES.map((m) => (
              <option key={m} value={m}>
                {t.control.uberModes[m] ?? m}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button button--primary" onClick={changeMode}>
          {t.control.uberSet}
        </button>
        <button type="button" className="button" onClick={() => void send('mi')}>
          {t.control.instructions}
        </button>
      </div>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void send('mumm', { message }, t.operator.done);
        }}
      >
        <TextAreaField
          label={t.control.uberMessage}
          value={message}
          onValue={setMessage}
          rows={3}
          maxLength={FIELD_MAXIMA.uberMessage}
        />
        <div className="button-row">
          <button type="submit" className="button">
            {t.control.uberMessageSave}
          </button>
        </div>
      </form>
    </Panel>
  );
}

/** Painting space of the strokes (the stored-answer space of the drawing canvas). */
export const PAINT_WIDTH = 720;
export const PAINT_HEIGHT = 360;
const MIN_SEGMENT = 3;
const NO_STROKES: Stroke[] = [];

function drawStrokes(canvas: HTMLCanvasElement | null, strokes: readonly Stroke[]) {
  const ctx = canvas?.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, PAINT_WIDTH, PAINT_HEIGHT);
  ctx.lineWidth = 4;
  ctx.lineCap = 'round';
  for (const s of strokes) {
    ctx.strokeStyle = s.color;
    ctx.beginPath();
    ctx.moveTo(s.startX, s.startY);
    ctx.lineTo(s.endX, s.endY);
    ctx.stroke();
  }
}

/** Painting: every segment drawn here goes out as a stroke (mua); clear removes all (muc). */
export function PaintingPanel() {
  const strokes = useAppSelector((s) => selectGlobal(s)?.painting ?? NO_STROKES);
  const send = useCommand();
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [colour, setColour] = useState<ColourKey>('dark');
  const [url, setUrl] = useState('');
  const colourId = useId();

  useEffect(() => drawStrokes(canvas.current, strokes), [strokes]);

  function point(e: PointerEvent<HTMLCanvasElement>) {
    const [x, y] = canvasPoint(e, PAINT_WIDTH, PAINT_HEIGHT);
    return { x: Math.round(x), y: Math.round(y) };
  }

  function onMove(e: PointerEvent<HTMLCanvasElement>) {
    const from = last.current;
    if (!from || mouseReleased(e)) return;
    const to = point(e);
    if (Math.hypot(to.x - from.x, to.y - from.y) < MIN_SEGMENT) return;
    last.current = to;
    const color = COLOURS.find((c) => c.key === colour)?.value ?? '#222222';
    const ctx = canvas.current?.getContext('2d');
    if (ctx) {
      ctx.strokeStyle = color;
      ctx.lineWidth = 4;
      ctx.beginPath();
      ctx.moveTo(from.x, from.y);
      ctx.lineTo(to.x, to.y);
      ctx.stroke();
    }
    void send('mua', { url, color, startX: from.x, startY: from.y, endX: to.x, endY: to.y });
  }

  return (
    <Panel
      title={t.control.paintingHeading}
      actions={<span className="badge">{t.control.paintingStrokes(strokes.length)}</span>}
    >
      <div className="inline-form">
        <Field
          label={t.control.paintingUrl}
          value={url}
          onValue={setUrl}
          type="url"
          maxLength={FIELD_MAXIMA.strokeUrl}
        />
        <div className="field">
          <label htmlFor={colourId}>{t.control.paintingColour}</label>
          <select id={colourId} value={colour} onChange={(e) => setColour(e.target.value as ColourKey)}>
            {COLOURS.map((c) => (
              <option key={c.key} value={c.key}>
                {t.drawing.colours[c.key]}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button button--danger" onClick={() => void send('muc')}>
          {t.control.paintingClear}
        </button>
      </div>
      <canvas
        ref={canvas}
        width={PAINT_WIDTH}
        height={PAINT_HEIGHT}
        className="drawing__canvas painting-canvas"
        role="img"
        aria-label={t.control.paintingCanvas}
        onPointerDown={(e) => {
          if (startsStroke(e)) last.current = point(e);
        }}
        onPointerMove={onMove}
        onPointerUp={() => {
          last.current = null;
        }}
        onPointerCancel={() => {
          last.current = null;
        }}
      />
    </Panel>
  );
}
