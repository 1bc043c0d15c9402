/**
 * The envelope's `commandId` makes a command idempotent per user (PROTOCOL.md, "Commands are
 * idempotent across reconnects"): a repeat on the same socket, on another socket, after a restart or
 * after the window of remembered commands appends nothing and is answered as the first was.
 */
import type { Actor } from '../../events';
import { CommandPipeline } from '../../src/engine/command-pipeline';
import { LiveStateService } from '../../src/engine/live-state';
import type { StoredEvent } from '../../src/store/event-store';
import { SqlEventStore } from '../../src/store/sql/sql-event-store';
import { openTestSqlDatabase } from '../support/test-database';
import { serverForSuite } from './support/suite';
import { ADMIN_PASSWORD, api, login, registerAndLogin } from './support/test-server';
import { WsClient } from './support/ws-client';
import { SOCKET_TEXTS } from '../../src/edge-texts';

describe('commands with a commandId are exactly-once', () => {
  const suite = serverForSuite();
  let anna: { token: string; userId: string };
  let bert: { token: string; userId: string };
  let clara: { token: string; userId: string };
  let admin: string;
  const open = (token: string) => suite.open(token);

  async function log(): Promise<StoredEvent[]> {
    return suite.env.server.storage.events.readAll();
  }

  async function proposals(message: string): Promise<StoredEvent[]> {
    return (await log()).filter(
      (e) => e.type === 'ProposalAdded' && (e.data as { message: string }).message === message,
    );
  }

  beforeAll(async () => {
    admin = await login(suite.env.url, 'admin', ADMIN_PASSWORD);
    const quiz = await api(
      suite.env.url,
      'POST',
      '/api/quizzes',
      {
        name: 'Einmal',
        yearWeek: '2026-47',
        content: [{ type: 'normal', round: 1, number: 1, question: 'Eins?', answer: '1' }],
      },
      admin,
    );
    anna = await registerAndLogin(suite.env.url, 'anna');
    bert = await registerAndLogin(suite.env.url, 'bert');
    clara = await registerAndLogin(suite.env.url, 'clara');
    await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'Füchse', newPassword: 'fuchs-team', stadt: 'Köln', beschreibung: 'Schlau' },
      anna.token,
    );
    await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'Eulen', newPassword: 'eule-team', stadt: 'Bonn', beschreibung: 'Nachts' },
      bert.token,
    );
    const moderator = await open(admin);
    expect(await moderator.request('ma', { quiz: quiz.body.data.id, round: 1, question: 1 })).toMatchObject({
      success: true,
    });
  });

  it('given a proposal with a commandId, when the same socket sends it again (after the reply and while the first is under way), then it is stored once and every send is answered success', async () => {
    const ws = await open(anna.token);
    expect(await ws.request('gp', { message: 'Köln' }, 'c-1')).toEqual({ success: true });
    expect(await ws.request('gp', { message: 'Köln' }, 'c-1')).toEqual({ success: true });
    const together = await Promise.all([1, 2, 3].map(() => ws.request('gp', { message: 'Bonn' }, 'c-2')));
    expect(together).toEqual([{ success: true }, { success: true }, { success: true }]);
    expect(await proposals('Köln')).toHaveLength(1);
    expect(await proposals('Bonn')).toHaveLength(1);
    await ws.until((v) =>
      Object.values(v.team.proposals as Record<string, { message: string }>).some((p) => p.message === 'Bonn'),
    );
    const messages = Object.values(ws.views.team.proposals as Record<string, { message: string }>).map(
      (p) => p.message,
    );
    expect(messages.filter((m) => m === 'Köln' || m === 'Bonn')).toEqual(['Köln', 'Bonn']);
  });

  it('given a proposal with a commandId, when another socket of the same user resends it, then nothing is appended; the same commandId from another user is another command', async () => {
    const first = await open(anna.token);
    expect(await first.request('gp', { message: 'Trier' }, 'c-3')).toEqual({ success: true });
    const before = (await log()).length;
    const second = await open(anna.token);
    expect(await second.request('gp', { message: 'Trier' }, 'c-3')).toEqual({ success: true });
    expect((await log()).length).toBe(before);

    const bertWs = await open(bert.token);
    expect(await bertWs.request('gp', { message: 'Trier' }, 'c-3')).toEqual({ success: true });
    const trier = await proposals('Trier');
    expect(trier.map((e) => (e.data as { userId: string }).userId)).toEqual([anna.userId, bert.userId]);
  });

  it('given a proposal whose reply was lost (its socket closed before the reply came) although it was stored, when it is resent on a new socket, then it is stored once and answered success', async () => {
    const lost = await WsClient.connect(suite.env.wsUrl);
    expect(await lost.request('sa', { token: anna.token })).toMatchObject({ success: true });
    lost.socket.send(JSON.stringify({ type: 'gp', id: 99, content: { message: 'Verloren' }, commandId: 'c-lost' }));
    lost.socket.terminate();
    const resent = await open(anna.token);
    await resent.until((v) =>
      Object.values(v.team.proposals as Record<string, { message: string }>).some((p) => p.message === 'Verloren'),
    );
    expect(await resent.request('gp', { message: 'Verloren' }, 'c-lost')).toEqual({ success: true });
    expect(await proposals('Verloren')).toHaveLength(1);
  });

  it('given an invite link created with a commandId, when it is sent again, then one invite is stored and the repeat answers a token for it', async () => {
    const ws = await open(anna.token);
    const first = await ws.request('gl', {}, 'invite-1');
    const again = await ws.request('gl', {}, 'invite-1');
    expect(first).toMatchObject({ success: true, token: expect.any(String) });
    expect(again).toMatchObject({ success: true, token: expect.any(String) });
    const invites = (await log()).filter((e) => e.type === 'TeamInviteCreated');
    expect(invites).toHaveLength(1);
    const claraWs = await open(clara.token);
    expect(await claraWs.request('gi', { token: again.token })).toMatchObject({ success: true });
    await claraWs.until((v) => v.team?.name === 'Füchse');
  });

  it('given a malformed commandId, then the frame is answered in German and nothing is appended', async () => {
    const ws = await open(anna.token);
    const before = (await log()).length;
    for (const commandId of ['', 'x'.repeat(65), 42, { id: 1 }]) {
      const reply = await ws.sendRaw(JSON.stringify({ type: 'gp', id: 7, content: { message: 'Falsch' }, commandId }));
      expect(reply).toMatchObject({ replyTo: 7, content: { success: false, message: SOCKET_TEXTS.badCommandId } });
    }
    expect(await ws.request('gp', { message: 'Lang' }, 'x'.repeat(64))).toEqual({ success: true });
    expect((await log()).length).toBe(before + 1);
  });

  it('given a proposal applied before a restart, when the client resends it after the restart and after the question closed, then nothing is appended and it is answered success as the first time', async () => {
    const ws = await open(anna.token);
    expect(await ws.request('gp', { message: 'Vor dem Neustart' }, 'c-restart')).toEqual({ success: true });
    await suite.restart();
    const moderator = await open(admin);
    expect(await moderator.request('mn')).toMatchObject({ success: true }); // decided again, the proposal would now be refused
    const before = (await log()).length;
    const again = await open(anna.token);
    expect(await again.request('gp', { message: 'Neu' }, 'c-new')).toMatchObject({
      success: false,
      message: 'Es ist gerade keine Frage aktiv.',
    });
    expect(await again.request('gp', { message: 'Vor dem Neustart' }, 'c-restart')).toEqual({ success: true });
    expect((await log()).length).toBe(before);
    expect(await proposals('Vor dem Neustart')).toHaveLength(1);
  });
});

describe('a repeat older than the window of remembered commands', () => {
  it('is decided again, and the store refuses its events a second time: nothing is appended', async () => {
    const database = await openTestSqlDatabase();
    const store = await SqlEventStore.open(database.db);
    const live = new LiveStateService(store, { appliedCommandsWindow: 2 });
    await live.start();
    try {
      const pipeline = new CommandPipeline(live, store);
      const visitor: Actor = { userId: null, roles: [] };
      const greet = (message: string, commandId: string) =>
        pipeline.submit({ type: 'SubmitGreeting', username: 'Gast', message }, visitor, { commandId });
      const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
      expect(await greet('erste', id(1))).toMatchObject({ ok: true });
      for (const n of [2, 3, 4]) expect(await greet(`weitere ${n}`, id(n))).toMatchObject({ ok: true });
      expect(live.appliedCommand(id(1))).toBeUndefined(); // it left the window
      expect(live.appliedCommand(id(4))).toBeDefined();
      const before = await store.lastPosition();
      const repeat = await greet('erste', id(1));
      expect(repeat.ok).toBe(true);
      expect(await store.lastPosition()).toBe(before);
      expect((await store.readAll()).filter((e) => (e.data as { message: string }).message === 'erste')).toHaveLength(
        1,
      );
    } finally {
      await live.stop();
      await store.close();
      await database.close();
    }
  });
});
