import { ANONYMOUS_SOCKETS_PER_ADDRESS, HELD_SOCKETS_PER_ADDRESS } from '../limits/sockets-and-team-passwords';

/** What of a socket holding needs: its reading stopped and started again (ws's WebSocket). */
export interface Pausable {
  pause(): void;
  resume(): void;
}

/**
 * Sockets that have not authenticated yet, per address: up to ANONYMOUS_SOCKETS_PER_ADDRESS are read
 * (they wait for their `sa`); beyond, up to HELD_SOCKETS_PER_ADDRESS more are held, paused, and the
 * oldest held takes the place of each read one that authenticates or closes. A reconnect storm from
 * one address (a venue's router, a bench's loopback) waits its turn instead of being closed and
 * reconnecting, which cost a whole handshake per attempt (docs/decisions/hostile-crowd-second-round.md).
 */
export class WaitingSockets<S extends Pausable> {
  private readonly readPerAddress = new Map<string, number>();
  private readonly heldPerAddress = new Map<string, Set<S>>();
  private readonly entries = new Map<S, { address: string; held: boolean }>();

  /** Counts a new socket of `address`: read, or held (paused); false, counted nowhere, beyond both caps. */
  admit(socket: S, address: string): boolean {
    const read = this.readPerAddress.get(address) ?? 0;
    if (read < ANONYMOUS_SOCKETS_PER_ADDRESS) {
      this.readPerAddress.set(address, read + 1);
      this.entries.set(socket, { address, held: false });
      return true;
    }
    let held = this.heldPerAddress.get(address);
    if (!held) this.heldPerAddress.set(address, (held = new Set()));
    if (held.size >= HELD_SOCKETS_PER_ADDRESS) return false;
    held.add(socket);
    this.entries.set(socket, { address, held: true });
    socket.pause();
    return true;
  }

  /** The socket authenticated or closed: it no longer counts; the oldest held of its address is read in its place. */
  leave(socket: S): void {
    const entry = this.entries.get(socket);
    if (!entry) return;
    this.entries.delete(socket);
    const { address } = entry;
    const held = this.heldPerAddress.get(address);
    if (entry.held) {
      held?.delete(socket);
      if (held?.size === 0) this.heldPerAddress.delete(address);
      return;
    }
    const next = held?.values().next().value;
    if (!held || next === undefined) {
      const left = (this.readPerAddress.get(address) ?? 1) - 1;
      if (left > 0) this.readPerAddress.set(address, left);
      else this.readPerAddress.delete(address);
      return;
    }
    held.delete(next);
    if (held.size === 0) this.heldPerAddress.delete(address);
    this.entries.set(next, { address, held: false }); // the read count stays: it takes this one's place
    next.resume();
  }
}
