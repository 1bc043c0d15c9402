import type { PointerEvent } from 'react';

/** Where a pointer event falls on a canvas of `width` × `height` drawing units (CSS may scale the element). */
export function canvasPoint(e: PointerEvent<HTMLCanvasElement>, width: number, height: number): [number, number] {
  const rect = e.currentTarget.getBoundingClientRect();
  return [((e.clientX - rect.left) / rect.width) * width, ((e.clientY - rect.top) / rect.height) * height];
}

/** A press starts a stroke unless it is a mouse's other button; the canvas then keeps the pointer while it leaves the canvas. */
export function startsStroke(e: PointerEvent<HTMLCanvasElement>): boolean {
  if (e.pointerType === 'mouse' && e.button !== 0) return false;
  e.currentTarget.setPointerCapture(e.pointerId);
  return true;
}

/** A mouse moving with its main button no longer held (released outside the window). */
export function mouseReleased(e: PointerEvent<HTMLCanvasElement>): boolean {
  return e.pointerType === 'mouse' && (e.buttons & 1) === 0;
}
