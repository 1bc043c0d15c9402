/** When a player in another tab is called back (PROTOCOL.md wave 5): a question opening or a countdown starting. */
import { alertOf, type AlertMoment } from '../../web/src/player/alerts/alertRules';

const none: AlertMoment = { state: 'qn', question: null, countdownEndsAt: null };
const open = (question: string): AlertMoment => ({ state: 'qa', question, countdownEndsAt: null });

describe('question alerts', () => {
  it('given no question, when one opens, then it calls; the first look at the page calls nothing', () => {
    expect(alertOf(none, open('1/1'))).toBe('question');
    expect(alertOf(null, open('1/1'))).toBeNull();
  });

  it('given a question open, when its countdown starts, then it calls once; the next question calls again', () => {
    const countdown: AlertMoment = { state: 'qc', question: '1/1', countdownEndsAt: 1_000 };
    expect(alertOf(open('1/1'), countdown)).toBe('countdown');
    expect(alertOf(countdown, countdown)).toBeNull();
    expect(alertOf(open('1/1'), open('1/1'))).toBeNull();
    expect(alertOf({ ...countdown, state: 'qn', countdownEndsAt: null }, open('1/2'))).toBe('question');
  });

  it('a question ending or maintenance calls nothing', () => {
    expect(alertOf(open('1/1'), none)).toBeNull();
    expect(alertOf(open('1/1'), { ...open('1/1'), state: 'ma' })).toBeNull();
  });
});
