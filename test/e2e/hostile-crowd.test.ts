/**
 * Limits per user, not per socket (PROTOCOL.md, wave 3, "People who would hurt the show") against a
 * real server over real sockets: sockets per user, sockets that never authenticate, failed team
 * passwords per user and per team refused without hashing.
 */
import WebSocket from 'ws';
import {
  HASHING_LIMIT_TEXTS,
  PASSWORD_CHANGES_PER_USER,
  TEAMS_CREATED_PER_USER,
} from '../../src/limits/password-hashing';
import {
  ANONYMOUS_SOCKETS_PER_ADDRESS,
  AUTH_DEADLINE_MS,
  CLOSE_CODES,
  HELD_SOCKETS_PER_ADDRESS,
  SOCKET_LIMIT_TEXTS,
  SOCKETS_PER_USER,
  WRONG_TEAM_PASSWORDS_PER_TEAM,
  WRONG_TEAM_PASSWORDS_PER_USER,
} from '../../src/limits/sockets-and-team-passwords';
import { serverForSuite } from './support/suite';
import { nameBasedUuid } from '../../src/store/event-ids';
import { api, registerAndLogin } from './support/test-server';
import { WsClient } from './support/ws-client';
import { TEAM_COMMAND_TEXTS } from '../../src/commands/teams';

function closed(client: WsClient): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => {
    if (client.socket.readyState === WebSocket.CLOSED) return resolve({ code: -1, reason: 'already closed' });
    client.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
}

describe('a hostile crowd: limits per user', () => {
  const suite = serverForSuite();

  it(`given a user with ${SOCKETS_PER_USER} open sockets, when a sixth authenticates, then the oldest is closed and ${SOCKETS_PER_USER} stay open`, async () => {
    const eva = await registerAndLogin(suite.env.url, 'eva');
    const sockets: WsClient[] = [];
    for (let i = 0; i < SOCKETS_PER_USER; i++) sockets.push(await suite.open(eva.token));
    const oldestClosed = closed(sockets[0]!);
    sockets.push(await suite.open(eva.token));
    expect(await oldestClosed).toEqual({ code: CLOSE_CODES.replaced, reason: SOCKET_LIMIT_TEXTS.replaced });
    const open = sockets.filter((s) => s.socket.readyState === WebSocket.OPEN);
    console.log(`sockets left open for one user after ${sockets.length} authenticated: ${open.length}`);
    expect(open).toHaveLength(SOCKETS_PER_USER);
    expect(await sockets[SOCKETS_PER_USER]!.request('ping')).toMatchObject({ success: true });
    // Another user's sockets are not counted with hers.
    const other = await registerAndLogin(suite.env.url, 'fritz');
    expect((await suite.open(other.token)).socket.readyState).toBe(WebSocket.OPEN);
  });

  it(`given ${ANONYMOUS_SOCKETS_PER_ADDRESS} sockets from one address waiting for their sa, then the next ${HELD_SOCKETS_PER_ADDRESS} are held unanswered and the one after is closed at once; once one has logged in, the oldest held is answered`, async () => {
    const waiting: WsClient[] = [];
    const held: WsClient[] = [];
    try {
      for (let i = 0; i < ANONYMOUS_SOCKETS_PER_ADDRESS; i++) waiting.push(await WsClient.connect(suite.env.wsUrl));
      for (let i = 0; i < HELD_SOCKETS_PER_ADDRESS; i++) held.push(await WsClient.connect(suite.env.wsUrl));
      const refused = await WsClient.connect(suite.env.wsUrl);
      expect(await closed(refused)).toEqual({
        code: CLOSE_CODES.tooManyFromAddress,
        reason: SOCKET_LIMIT_TEXTS.tooManyFromAddress,
      });
      const paula = await registerAndLogin(suite.env.url, 'paula-anonym');
      // The held socket's ping goes out first, and is read only once paula's sa made room.
      const answered: string[] = [];
      const heldPing = held[0]!.request('ping').then((reply) => (answered.push('held ping'), reply));
      const signIn = waiting[0]!.request('sa', { token: paula.token }).then((reply) => (answered.push('sa'), reply));
      expect(await signIn).toMatchObject({ success: true });
      expect(await heldPing).toMatchObject({ success: false }); // answered: not authenticated yet
      expect(answered).toEqual(['sa', 'held ping']);
    } finally {
      // The held ones unread: a closing handshake would wait for the server to read it.
      for (const socket of held) socket.socket.terminate();
      await Promise.all(waiting.map((socket) => socket.close()));
    }
  }, 120_000);

  it('given a socket that never authenticates, then it is closed after the deadline; one that authenticated stays', async () => {
    const silent = await WsClient.connect(suite.env.wsUrl);
    const greta = await registerAndLogin(suite.env.url, 'greta');
    const authenticated = await suite.open(greta.token);
    const began = Date.now();
    expect(await closed(silent)).toEqual({ code: CLOSE_CODES.authTimeout, reason: SOCKET_LIMIT_TEXTS.authTimeout });
    expect(Date.now() - began).toBeGreaterThanOrEqual(AUTH_DEADLINE_MS - 1_000);
    expect(authenticated.socket.readyState).toBe(WebSocket.OPEN);
    expect(await authenticated.request('ping')).toMatchObject({ success: true });
  }, 30_000);

  it(`given ${WRONG_TEAM_PASSWORDS_PER_USER.max} wrong team passwords from one user within a minute, then the next gj is refused without hashing, even with the right password; another user still joins`, async () => {
    const owner = await registerAndLogin(suite.env.url, 'hanna');
    const created = await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'Festung', newPassword: 'richtig', stadt: 'Köln', beschreibung: '-' },
      owner.token,
    );
    expect(created.status).toBe(201);
    const teamId = created.body.data.id as string;
    const guesser = await suite.open((await registerAndLogin(suite.env.url, 'ingo')).token);
    for (let i = 0; i < WRONG_TEAM_PASSWORDS_PER_USER.max; i++) {
      expect(await guesser.request('gj', { id: teamId, password: `falsch${i}` })).toEqual({
        success: false,
        message: TEAM_COMMAND_TEXTS.teamJoinFailed,
      });
    }
    const matches = countMatches(suite.env.server.runtime.secrets.teamPasswords);
    expect(await guesser.request('gj', { id: teamId, password: 'richtig' })).toEqual({
      success: false,
      message: SOCKET_LIMIT_TEXTS.wrongTeamPasswords,
    });
    expect(matches()).toBe(0);
    const honest = await suite.open((await registerAndLogin(suite.env.url, 'jana')).token);
    expect(await honest.request('gj', { id: teamId, password: 'richtig' })).toMatchObject({ success: true });
  });

  it(`given ${WRONG_TEAM_PASSWORDS_PER_TEAM.max} wrong passwords for one team from six accounts, then an honest member still joins with the right password; an account that has tried is refused without hashing`, async () => {
    const owner = await registerAndLogin(suite.env.url, 'karl');
    const created = await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'Burg', newPassword: 'richtig', stadt: 'Bonn', beschreibung: '-' },
      owner.token,
    );
    const teamId = created.body.data.id as string;
    const guessers = WRONG_TEAM_PASSWORDS_PER_TEAM.max / WRONG_TEAM_PASSWORDS_PER_USER.max;
    expect(guessers).toBe(6);
    for (let g = 0; g < guessers; g++) {
      const socket = await suite.open((await registerAndLogin(suite.env.url, `rater${g}`)).token);
      for (let i = 0; i < WRONG_TEAM_PASSWORDS_PER_USER.max; i++) {
        expect(await socket.request('gj', { id: teamId, password: `falsch${g}-${i}` })).toEqual({
          success: false,
          message: TEAM_COMMAND_TEXTS.teamJoinFailed,
        });
      }
    }
    const honest = await suite.open((await registerAndLogin(suite.env.url, 'mitglied')).token);
    expect(await honest.request('gj', { id: teamId, password: 'richtig' })).toMatchObject({ success: true });
    // A seventh account gets its one check; after a wrong one, it is refused without hashing while the team is beyond its limit.
    const fresh = await suite.open((await registerAndLogin(suite.env.url, 'lena')).token);
    const matches = countMatches(suite.env.server.runtime.secrets.teamPasswords);
    expect(await fresh.request('gj', { id: teamId, password: 'geraten' })).toEqual({
      success: false,
      message: TEAM_COMMAND_TEXTS.teamJoinFailed,
    });
    expect(await fresh.request('gj', { id: teamId, password: 'richtig' })).toEqual({
      success: false,
      message: SOCKET_LIMIT_TEXTS.wrongTeamPasswords,
    });
    expect(matches()).toBe(1);
  }, 60_000);

  it('given a burst of 30 wrong team passwords sent at once from one user, then at most 5 are checked (attempts under way count), the rest refused', async () => {
    const owner = await registerAndLogin(suite.env.url, 'quirin');
    const created = await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'Schnellfeuer', newPassword: 'richtig', stadt: 'Köln', beschreibung: '-' },
      owner.token,
    );
    const teamId = created.body.data.id as string;
    const guesser = await registerAndLogin(suite.env.url, 'raser');
    const sockets = [await suite.open(guesser.token), await suite.open(guesser.token), await suite.open(guesser.token)];
    const matches = countMatches(suite.env.server.runtime.secrets.teamPasswords);
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => sockets[i % 3]!.request('gj', { id: teamId, password: `schnell${i}` })),
    );
    expect(matches()).toBe(WRONG_TEAM_PASSWORDS_PER_USER.max);
    expect(replies.filter((r) => r.message === SOCKET_LIMIT_TEXTS.wrongTeamPasswords)).toHaveLength(
      30 - WRONG_TEAM_PASSWORDS_PER_USER.max,
    );
  });

  it(`given a user created ${TEAMS_CREATED_PER_USER.max} teams within the hour, then the next answers 429 in German; a refused name costs no attempt`, async () => {
    const founder = await registerAndLogin(suite.env.url, 'gruender');
    const taken = await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'Festung', newPassword: 'x-team', stadt: 'Köln', beschreibung: '-' },
      founder.token,
    );
    expect(taken.status).toBe(409);
    for (let i = 0; i < TEAMS_CREATED_PER_USER.max; i++) {
      expect(
        (
          await api(
            suite.env.url,
            'POST',
            '/api/teams',
            { name: `Gründung ${i}`, newPassword: 'x-team', stadt: 'Köln', beschreibung: '-' },
            founder.token,
          )
        ).status,
      ).toBe(201);
    }
    const refused = await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'Eine zu viel', newPassword: 'x-team', stadt: 'Köln', beschreibung: '-' },
      founder.token,
    );
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].detail).toBe(HASHING_LIMIT_TEXTS.teams);
  });

  it(`given a user changed the password ${PASSWORD_CHANGES_PER_USER.max} times within the hour, then the next change answers 429 in German`, async () => {
    const user = await registerAndLogin(suite.env.url, 'wechsler');
    // A password change ends every older token: each next change goes with the token the last one answered.
    let token = user.token;
    for (let i = 0; i < PASSWORD_CHANGES_PER_USER.max; i++) {
      const changed = await api(
        suite.env.url,
        'PATCH',
        `/api/users/${user.userId}`,
        { newPassword: `neu-${i}-passwort`, currentPassword: i === 0 ? 'passwort123' : `neu-${i - 1}-passwort` },
        token,
      );
      expect(changed.status).toBe(200);
      token = changed.body.meta.token;
    }
    const refused = await api(
      suite.env.url,
      'PATCH',
      `/api/users/${user.userId}`,
      { newPassword: 'noch-eins-passwort', currentPassword: `neu-${PASSWORD_CHANGES_PER_USER.max - 1}-passwort` },
      token,
    );
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].detail).toBe(HASHING_LIMIT_TEXTS.passwords);
  });

  it('given a lobby chat of 120 messages of 200 characters, when one more comes, then every socket gets a push of one entry out and one in', async () => {
    const poster = await registerAndLogin(suite.env.url, 'otto');
    const events = Array.from({ length: 120 }, (_, i) => {
      const id = nameBasedUuid(`lobby-seed-${i}`);
      return {
        id,
        type: 'LobbyChatMessagePosted',
        data: {
          userId: poster.userId,
          name: 'otto',
          message: `${i} ${'x'.repeat(200)}`.slice(0, 200),
          highlight: false,
        },
        metadata: {
          eventId: id,
          commandId: `lobby-seed-${i}`,
          actor: { userId: poster.userId, roles: [] },
          recordedAt: Date.now() - 60_000,
          version: 1,
        },
      };
    });
    const { position } = await suite.env.server.storage.events.append('show', events, 'any');
    await suite.env.server.runtime.engine.live.waitFor(position);
    const watcher = await suite.open((await registerAndLogin(suite.env.url, 'paula')).token);
    const sender = await suite.open(poster.token);
    expect(watcher.views.global.lobbyChat).toHaveLength(100);
    const bytes: number[] = [];
    watcher.socket.on('message', (data: Buffer) => {
      if (data.includes('/lobbyChat/')) bytes.push(data.length);
    });
    const frames = watcher.frames.length;
    expect(await sender.request('ulc', { message: 'y'.repeat(200) })).toEqual({ success: true });
    const last = await watcher.until(
      (views) => views.global.lobbyChat[99]?.message === 'y'.repeat(200) && views.global.lobbyChat,
    );
    const push = watcher.frames.slice(frames).find((f) => f.type === 'st' && f.content.scope === 'global')!;
    console.log(`push bytes for one lobby message after 120 messages of 200 characters: ${bytes.join(', ')}`);
    expect(push.content.patch.map((op: { op: string; path: string }) => `${op.op} ${op.path}`)).toEqual([
      'remove /lobbyChat/0',
      'add /lobbyChat/99',
    ]);
    expect(last).toEqual(expect.arrayContaining([expect.objectContaining({ id: expect.any(String) })]));
    expect(last[0].message.startsWith('21 ')).toBe(true);
  });
});

/** Counts the password checks from now on (the real check still runs). */
function countMatches(passwords: { matches: (teamId: string, password: string) => Promise<boolean> }): () => number {
  let count = 0;
  const original = passwords.matches.bind(passwords);
  passwords.matches = (teamId, password) => {
    count++;
    return original(teamId, password);
  };
  return () => count;
}
