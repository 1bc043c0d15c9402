import { ANONYMOUS_SOCKETS_PER_ADDRESS, HELD_SOCKETS_PER_ADDRESS } from '../../src/limits/sockets-and-team-passwords';
import { PresenceChanges } from '../../src/realtime/presence-changes';
import { WaitingSockets, type Pausable } from '../../src/realtime/waiting-sockets';

/** A socket as far as holding it goes: whether it is read now. */
class Socket implements Pausable {
  reading = true;
  pause(): void {
    this.reading = false;
  }
  resume(): void {
    this.reading = true;
  }
}

describe('sockets waiting for their sa, per address (waiting-sockets.ts)', () => {
  function filled(address: string, waiting: WaitingSockets<Socket>, count: number): Socket[] {
    return Array.from({ length: count }, () => {
      const socket = new Socket();
      expect(waiting.admit(socket, address)).toBe(true);
      return socket;
    });
  }

  it(`given ${ANONYMOUS_SOCKETS_PER_ADDRESS} read from one address, then the next ${HELD_SOCKETS_PER_ADDRESS} are held paused and the one after is refused; another address is read`, () => {
    const waiting = new WaitingSockets<Socket>();
    const read = filled('a', waiting, ANONYMOUS_SOCKETS_PER_ADDRESS);
    const held = filled('a', waiting, HELD_SOCKETS_PER_ADDRESS);
    expect(read.every((socket) => socket.reading)).toBe(true);
    expect(held.some((socket) => socket.reading)).toBe(false);
    expect(waiting.admit(new Socket(), 'a')).toBe(false);
    const other = new Socket();
    expect(waiting.admit(other, 'b')).toBe(true);
    expect(other.reading).toBe(true);
  });

  it('given sockets held, when read ones leave, then the oldest held are read in their order, and a held one that leaves frees its place in the queue', () => {
    const waiting = new WaitingSockets<Socket>();
    const read = filled('a', waiting, ANONYMOUS_SOCKETS_PER_ADDRESS);
    const held = filled('a', waiting, 3);
    waiting.leave(held[1]!); // closed while held: nobody takes a place for it
    waiting.leave(read[0]!);
    expect(held.map((socket) => socket.reading)).toEqual([true, false, false]);
    waiting.leave(read[1]!);
    expect(held[2]!.reading).toBe(true);
    // Two read places are free now that nobody is held: two new sockets are read, the third held.
    waiting.leave(read[2]!);
    waiting.leave(read[3]!);
    const next = filled('a', waiting, 3);
    expect(next.map((socket) => socket.reading)).toEqual([true, true, false]);
  });

  it('given a socket left twice or never admitted, then nothing else changes', () => {
    const waiting = new WaitingSockets<Socket>();
    const read = filled('a', waiting, ANONYMOUS_SOCKETS_PER_ADDRESS);
    waiting.leave(new Socket());
    waiting.leave(read[0]!);
    waiting.leave(read[0]!);
    expect(filled('a', waiting, 1)[0]!.reading).toBe(true);
    const held = filled('a', waiting, 1)[0]!;
    expect(held.reading).toBe(false);
  });
});

describe('presence changes refreshed once per turn of the event loop (presence-changes.ts)', () => {
  it('given three changes in one turn, then the refresh runs once at its end and takes all three', async () => {
    const taken: string[][] = [];
    const changes: PresenceChanges = new PresenceChanges(() => taken.push(changes.take()));
    changes.add('anna');
    changes.add('bert');
    changes.add('anna');
    changes.add('cleo');
    expect(taken).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(taken).toEqual([['anna', 'bert', 'cleo']]);
  });

  it('given changes taken before the end of the turn, then no refresh runs for them at its end; stop calls it off too', async () => {
    let refreshes = 0;
    const changes = new PresenceChanges(() => refreshes++);
    changes.add('anna');
    expect(changes.take()).toEqual(['anna']);
    changes.add('bert');
    changes.stop();
    await new Promise((resolve) => setImmediate(resolve));
    expect(refreshes).toBe(0);
    expect(changes.take()).toEqual(['bert']);
  });
});
