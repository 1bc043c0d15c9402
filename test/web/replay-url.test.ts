/** The replay's address parameters: a shared link opens a night at a position. */
import { readReplayParams, withReplayParams } from '../../web/src/replay/url';

describe('replay address', () => {
  it('reads night and position', () => {
    expect(readReplayParams('?night=abc&pos=202')).toEqual({ night: 'abc', pos: 202 });
    expect(readReplayParams('')).toEqual({ night: null, pos: null });
    expect(readReplayParams('?pos=-1&night=')).toEqual({ night: null, pos: null });
    expect(readReplayParams('?pos=2.5')).toEqual({ night: null, pos: null });
  });

  it('sets and removes them, keeping other parameters', () => {
    expect(withReplayParams('?lang=de', { night: 'n 1', pos: 3 })).toBe('?lang=de&night=n+1&pos=3');
    expect(withReplayParams('?night=a&pos=3', { pos: null })).toBe('?night=a');
    expect(withReplayParams('?pos=3', { pos: null, night: null })).toBe('');
  });
});
