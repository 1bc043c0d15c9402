import { decodeState, encodeState, encodeStateInPieces, fold, initialState, views } from '../../projections/live';
import { recordNight } from '../support/recorded-night';

const night = recordNight();
const log = night.world.log;

describe('snapshots of the live state', () => {
  it('a state written and read back folds on exactly like the state itself, at every tenth of the night', () => {
    for (let tenth = 0; tenth <= 10; tenth++) {
      const at = Math.round((log.length * tenth) / 10);
      const head = fold(log.slice(0, at), initialState);
      const restored = decodeState(encodeState(head));
      expect(JSON.stringify(restored)).toBe(JSON.stringify(head));
      const tail = log.slice(at);
      expect(JSON.stringify(fold(tail, restored))).toBe(JSON.stringify(fold(log, initialState)));
      for (const viewer of Object.values(night.viewers))
        expect(views(fold(tail, restored), viewer)).toEqual(views(night.world.state, viewer));
    }
  });

  it('is written in pieces that join to the same text; large maps are split', () => {
    const pieces = [...encodeStateInPieces(night.world.state)];
    expect(pieces.join('')).toBe(encodeState(night.world.state));
    expect(pieces.length).toBeGreaterThan(Object.keys(night.world.state).length);
  });
});
