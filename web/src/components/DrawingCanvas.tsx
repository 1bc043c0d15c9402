import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type PointerEvent } from 'react';
import {
  addsPoint,
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  COLOURS,
  COLOUR_VALUES,
  DEFAULT_COLOUR,
  DEFAULT_WIDTH,
  ERASER_WIDTH,
  fromStoredStroke,
  REDRAW_DELAY_MS,
  toStoredStroke,
  UPLOAD_HEIGHT,
  UPLOAD_WIDTH,
  WIDTHS,
  type ColourKey,
  type DrawnStroke,
} from '../logic/drawing';
import { t } from '../texts';
import { canvasPoint, mouseReleased, startsStroke } from './canvasPointer';
import { loadDrawingDraft, saveDrawingDraft } from './drawingDraft';

export interface DrawingCanvasHandle {
  /** The drawing as a 600x300 PNG on white. */
  toPng(): Promise<Blob | null>;
  clear(): void;
  isEmpty(): boolean;
  /** The strokes in the stored space (coordinates times 2.4, widths doubled), as the server keeps them. */
  toStoredStrokes(): DrawnStroke[];
}

type Tool = { kind: 'pen'; width: number } | { kind: 'eraser' };

function drawStroke(ctx: CanvasRenderingContext2D, stroke: DrawnStroke) {
  if (stroke.points.length === 0) return;
  ctx.strokeStyle = stroke.color;
  ctx.lineWidth = stroke.width;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  const [first, ...rest] = stroke.points;
  ctx.moveTo(first[0], first[1]);
  if (rest.length === 0) ctx.lineTo(first[0] + 0.1, first[1]);
  for (const [x, y] of rest) ctx.lineTo(x, y);
  ctx.stroke();
}

interface DrawingCanvasProps {
  /** A saved drawing (stored space): redrawn after 100 ms when the canvas has nothing of its own yet. */
  storedStrokes?: readonly DrawnStroke[] | null;
  /** Keeps the drawing on this device as a draft of this question (drawingDraft.ts) until it is proposed. */
  draftOf?: string;
}

/** Drawing canvas (300x150): 8 colours, widths 2/5/16/48, eraser (48), clear all; redraws stored strokes. */
export const DrawingCanvas = forwardRef<DrawingCanvasHandle, DrawingCanvasProps>(function DrawingCanvas(
  { storedStrokes, draftOf },
  ref,
) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // A draft of this question drawn here before a reload comes back first.
  const strokes = useRef<DrawnStroke[]>((draftOf !== undefined && loadDrawingDraft(draftOf)) || []);
  const keepDraft = () => {
    if (draftOf !== undefined) saveDrawingDraft(draftOf, strokes.current);
  };
  const current = useRef<DrawnStroke | null>(null);
  const [colour, setColour] = useState<ColourKey>(DEFAULT_COLOUR);
  const [tool, setTool] = useState<Tool>({ kind: 'pen', width: DEFAULT_WIDTH });

  function repaint() {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
    for (const stroke of strokes.current) drawStroke(ctx, stroke);
  }

  useEffect(() => {
    repaint();
    if (!storedStrokes || storedStrokes.length === 0) return;
    const timer = setTimeout(() => {
      // Never over what was drawn here meanwhile (the own save coming back, another device saving).
      if (strokes.current.length > 0) return;
      strokes.current = storedStrokes.map(fromStoredStroke);
      repaint();
    }, REDRAW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [storedStrokes]);

  useImperativeHandle(ref, () => ({
    toPng() {
      const source = canvasRef.current;
      const out = document.createElement('canvas');
      out.width = UPLOAD_WIDTH;
      out.height = UPLOAD_HEIGHT;
      const ctx = out.getContext('2d');
      if (!source || !ctx) return Promise.resolve(null);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, UPLOAD_WIDTH, UPLOAD_HEIGHT);
      ctx.drawImage(source, 0, 0, UPLOAD_WIDTH, UPLOAD_HEIGHT);
      return new Promise((resolve) => out.toBlob((blob) => resolve(blob), 'image/png'));
    },
    clear() {
      strokes.current = [];
      keepDraft();
      repaint();
    },
    isEmpty: () => strokes.current.length === 0,
    toStoredStrokes: () => strokes.current.map(toStoredStroke),
  }));

  const point = (e: PointerEvent<HTMLCanvasElement>) => canvasPoint(e, CANVAS_WIDTH, CANVAS_HEIGHT);

  function onDown(e: PointerEvent<HTMLCanvasElement>) {
    if (!startsStroke(e)) return;
    const colourValue = tool.kind === 'eraser' ? '#ffffff' : COLOUR_VALUES[colour];
    current.current = {
      width: tool.kind === 'eraser' ? ERASER_WIDTH : tool.width,
      color: colourValue,
      points: [point(e)],
    };
    strokes.current = [...strokes.current, current.current];
    repaint();
  }

  function onMove(e: PointerEvent<HTMLCanvasElement>) {
    if (!current.current) return;
    if (mouseReleased(e)) {
      current.current = null;
      return;
    }
    const next = point(e);
    if (!addsPoint(current.current.points[current.current.points.length - 1], next)) return;
    current.current.points.push(next);
    repaint();
  }

  const stop = () => {
    if (current.current) keepDraft();
    current.current = null;
  };

  return (
    <div className="drawing">
      <canvas
        ref={canvasRef}
        width={CANVAS_WIDTH}
        height={CANVAS_HEIGHT}
        className="drawing__canvas"
        role="img"
        aria-label={t.drawing.canvasLabel}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={stop}
        onPointerCancel={stop}
      />
      <div className="drawing__tools">
        <div role="radiogroup" aria-label={t.drawing.colourGroup} className="swatches">
          {COLOURS.map((c) => (
            <button
              key={c.key}
              type="button"
              role="radio"
              aria-checked={colour === c.key && tool.kind === 'pen'}
              aria-label={t.drawing.colours[c.key]}
              title={t.drawing.colours[c.key]}
              className="swatch"
              style={{ background: c.value }}
              onClick={() => {
                setColour(c.key);
                if (tool.kind === 'eraser') setTool({ kind: 'pen', width: DEFAULT_WIDTH });
              }}
            />
          ))}
        </div>
        <div role="radiogroup" aria-label={t.drawing.widthGroup} className="widths">
          {WIDTHS.map((w) => (
            <button
              key={w}
              type="button"
              role="radio"
              aria-checked={tool.kind === 'pen' && tool.width === w}
              aria-label={t.drawing.width(w)}
              className="width-button"
              onClick={() => setTool({ kind: 'pen', width: w })}
            >
              <span style={{ width: Math.min(w, 24), height: Math.min(w, 24) }} />
            </button>
          ))}
          <button
            type="button"
            role="radio"
            aria-checked={tool.kind === 'eraser'}
            className="button button--small"
            onClick={() => setTool({ kind: 'eraser' })}
          >
            {t.drawing.eraser}
          </button>
        </div>
        <button
          type="button"
          className="button button--small button--danger"
          onClick={() => {
            strokes.current = [];
            repaint();
          }}
        >
          {t.drawing.clearAll}
        </button>
      </div>
    </div>
  );
});
