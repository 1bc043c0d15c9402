/**
 * The rules the web app reads off its views say what the server's rules say about the state the
 * views came from: checked at every step of the recorded night, and again with maintenance begun there.
 */
import type { MaintenanceStarted } from '../../events';
import { evolve, globalView, initialState, isQuestionOpen, isQuestionOpenInView, type LiveState } from '@live';
import { recordedNight } from './replay/fixtures';

function maintenanceFrom(state: LiveState, at: number): LiveState {
  const started: MaintenanceStarted = {
    type: 'MaintenanceStarted',
    version: 1,
    data: { recheckAt: at + 60_000 },
    metadata: {
      eventId: `maintenance-${at}`,
      commandId: `maintenance-${at}`,
      actor: { userId: null, roles: [] },
      recordedAt: at,
    },
  };
  return evolve(state, started);
}

describe('isQuestionOpenInView', () => {
  const events = recordedNight();

  it('given every state of the recorded night, then it reads from the global view what isQuestionOpen says of the state', () => {
    let state = initialState;
    let open = 0;
    let closed = 0;
    for (const event of events) {
      state = evolve(state, event);
      const expected = isQuestionOpen(state);
      expect(isQuestionOpenInView(globalView(state))).toBe(expected);
      if (expected) open++;
      else closed++;
    }
    expect(open).toBeGreaterThan(0);
    expect(closed).toBeGreaterThan(0);
  });

  it('given maintenance begun at each question start and end, then the masked state (ma) still tells open from ended', () => {
    let state = initialState;
    let checked = 0;
    for (const event of events) {
      state = evolve(state, event);
      if (event.type !== 'QuestionStarted' && event.type !== 'QuestionEnded') continue;
      const inMaintenance = maintenanceFrom(state, event.metadata.recordedAt);
      const view = globalView(inMaintenance);
      expect(view.state).toBe('ma');
      expect(isQuestionOpenInView(view)).toBe(isQuestionOpen(inMaintenance));
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('given no view yet, then no question is open', () => {
    expect(isQuestionOpenInView(null)).toBe(false);
  });
});
