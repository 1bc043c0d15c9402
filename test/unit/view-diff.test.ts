/**
 * The push hub's view patches (src/realtime/view-diff.ts): applied to the old view they give the new
 * one, and a list of entries with ids (the lobby chat) changes by the entries that left and came,
 * not by rewriting every index once the list shifts. That any patch turns any view into the next, as the
 * clients apply it, is test/web/view-patches.test.ts.
 */
import { applyPatch, compare, deepClone } from 'fast-json-patch';
import { LOBBY_CHAT_INTERVAL_MS, globalView } from '../../projections/live';
import { diffViews } from '../../src/realtime/view-diff';
import { show } from './support/fixtures';

const apply = (before: unknown, patch: ReturnType<typeof diffViews>) =>
  applyPatch(deepClone(before), patch, true, false).newDocument;

describe('view patches', () => {
  it('given a full lobby chat, when one more message comes, then the patch is one remove at the front and one add at the end', () => {
    const s = show();
    const users = [s.anna, s.bert, s.cleo];
    for (let i = 0; i < 120; i++) {
      s.world.must({ type: 'PostLobbyChat', message: `Nachricht ${i} ${'x'.repeat(200)}` }, s.world.as(users[i % 3]!));
      s.world.tick(LOBBY_CHAT_INTERVAL_MS / 3);
    }
    const before = globalView(s.world.state);
    s.world.must({ type: 'PostLobbyChat', message: 'die 121.' }, s.world.as(s.anna));
    const after = globalView(s.world.state);
    const patch = diffViews(before, after);
    expect(patch).toEqual([
      { op: 'remove', path: '/lobbyChat/0' },
      { op: 'add', path: '/lobbyChat/99', value: after.lobbyChat[99] },
    ]);
    expect(apply(before, patch)).toEqual(after);
    const bytes = JSON.stringify(patch).length;
    const byIndex = JSON.stringify(compare(before, after)).length;
    console.log(
      `lobby chat push after 120 messages of 200 characters: patch ${bytes} bytes (by index, as before: ${byIndex} bytes)`,
    );
    expect(bytes).toBeLessThan(byIndex / 20);
  });

  it('given a hidden entry, then the patch is one remove at its index', () => {
    const s = show();
    const [first] = s.world.must({ type: 'PostLobbyChat', message: 'eins' }, s.world.as(s.anna));
    s.world.must({ type: 'PostLobbyChat', message: 'zwei' }, s.world.as(s.bert));
    s.world.must({ type: 'PostLobbyChat', message: 'drei' }, s.world.as(s.cleo));
    const before = globalView(s.world.state);
    s.world.must({ type: 'HideLobbyChatMessage', messageId: first!.metadata.eventId }, s.world.as(s.moderator));
    expect(diffViews(before, globalView(s.world.state))).toEqual([{ op: 'remove', path: '/lobbyChat/0' }]);
  });
});
