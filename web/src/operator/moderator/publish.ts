import { t } from '../../texts/operator';
import type { SendCommand } from '../shared';

/** mp: publish the points of a quiz to the players; the points page's button and the control page's button and hotkey send it. */
export function publishPoints(send: SendCommand, quizId: string) {
  return send('mp', { content: { publish: true, quiz: quizId } }, t.moderatorPoints.published);
}
