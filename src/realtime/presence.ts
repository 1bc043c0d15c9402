/**
 * Who is online: counted from live WebSocket connections, never from the event log. Presence is a
 * fact about this process's sockets, not about the show; replaying a night does not replay it
 * (docs/decisions/server.md, "Presence comes from sockets").
 */
export class Presence {
  private readonly sockets = new Map<string, number>();

  /** Returns true when this was the user's first socket. */
  connected(userId: string): boolean {
    const count = (this.sockets.get(userId) ?? 0) + 1;
    this.sockets.set(userId, count);
    return count === 1;
  }

  /** Returns true when this was the user's last socket. */
  disconnected(userId: string): boolean {
    const count = (this.sockets.get(userId) ?? 0) - 1;
    if (count <= 0) this.sockets.delete(userId);
    else this.sockets.set(userId, count);
    return count <= 0;
  }

  isOnline(userId: string): boolean {
    return this.sockets.has(userId);
  }

  onlineUserIds(): IterableIterator<string> {
    return this.sockets.keys();
  }
}
