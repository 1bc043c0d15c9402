/**
 * Rules a client reads off the views it is sent. Each reads what global-view.ts puts there, so it says
 * what the server's rule on the state says (test/web/view-rules.test.ts holds them together).
 */
import type { GlobalView } from './global-view';

/**
 * isQuestionOpen, read off the global view: a question is open in states qa and qc; in maintenance
 * (state ma) while the question shown still withholds its answer (globalView adds it once the question ended).
 */
export function isQuestionOpenInView(global: Pick<GlobalView, 'state' | 'question'> | null | undefined): boolean {
  if (!global) return false;
  if (global.state === 'qa' || global.state === 'qc') return true;
  return global.state === 'ma' && global.question !== null && global.question.answer === undefined;
}
