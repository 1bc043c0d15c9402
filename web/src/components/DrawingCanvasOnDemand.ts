import { onDemand } from '../onDemand';

/** The canvas comes with the first screen that draws (its own chunk). */
export const DrawingCanvas = onDemand(() => import('./DrawingCanvas'), 'DrawingCanvas');
