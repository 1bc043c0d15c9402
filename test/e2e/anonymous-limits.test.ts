/**
 * The anonymous doors per address (PROTOCOL.md, wave 3): greetings and QR team sign-ups go into the
 * immutable log, the show-settings stream holds a connection open; beyond their limits each answers
 * 429 with a German `detail` and stores nothing.
 */
import http from 'node:http';
import { FEED_FULL_TEXT, FEED_LIMITS } from '../../src/http/show-settings-feed';
import { FORM_LIMIT_TEXTS, GREETINGS_PER_ADDRESS, QR_TEAMS_PER_ADDRESS } from '../../src/limits/form-submissions';
import { serverForSuite } from './support/suite';
import { api } from './support/test-server';

describe('anonymous forms and streams per address', () => {
  const suite = serverForSuite();

  it(`given ${GREETINGS_PER_ADDRESS.max} greetings from one address within the hour, then the next answers 429 in German and is not stored`, async () => {
    for (let i = 0; i < GREETINGS_PER_ADDRESS.max; i++) {
      expect(
        (await api(suite.env.url, 'POST', '/api/fqps/gruss/new', { username: `Gast ${i}`, message: 'Hallo!' })).status,
      ).toBe(200);
    }
    const refused = await api(suite.env.url, 'POST', '/api/fqps/gruss/new', { username: 'Spammer', message: 'Kauft!' });
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].detail).toBe(FORM_LIMIT_TEXTS.greetings(60));
    const stored = (await suite.env.server.storage.events.readAll()).filter((e) => e.type === 'GreetingSubmitted');
    expect(stored).toHaveLength(GREETINGS_PER_ADDRESS.max);
  });

  it(`given ${QR_TEAMS_PER_ADDRESS.max} QR team sign-ups from one address within the hour (refused ones count), then the next answers 429 in German`, async () => {
    for (let i = 0; i < QR_TEAMS_PER_ADDRESS.max; i++) {
      // No moderator is connected, so each is refused by the rule (428) before any name is reserved.
      expect(
        (await api(suite.env.url, 'POST', '/api/fqps/team/new', { name: `QR-Team ${i}`, amount: '4' })).status,
      ).toBe(428);
    }
    const refused = await api(suite.env.url, 'POST', '/api/fqps/team/new', { name: 'Noch eins', amount: '4' });
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].detail).toBe(FORM_LIMIT_TEXTS.qrTeams(60));
  });

  it(`given ${FEED_LIMITS.perAddress} open show-settings streams from one address, then the next answers 429 in German; one closed makes room again`, async () => {
    const streams: http.ClientRequest[] = [];
    const openStream = () =>
      new Promise<{ status: number; body: string; request: http.ClientRequest }>((resolve, reject) => {
        const request = http.get(`${suite.env.url}/api/show-settings/stream`, (response) => {
          if (response.statusCode === 200) return resolve({ status: 200, body: '', request });
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, body, request }));
        });
        request.on('error', reject);
      });
    try {
      for (let i = 0; i < FEED_LIMITS.perAddress; i++) {
        const opened = await openStream();
        streams.push(opened.request);
        expect(opened.status).toBe(200);
      }
      const refused = await openStream();
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body).errors[0].detail).toBe(FEED_FULL_TEXT);
      const closedOne = streams.pop()!;
      const gone = new Promise<void>((resolve) => closedOne.once('close', () => resolve()));
      closedOne.destroy();
      await gone;
      // The server sees the close a moment later: ask until it has (the answer is 200 or 429, never anything else).
      let again = await openStream();
      while (again.status === 429) again = await openStream();
      streams.push(again.request);
      expect(again.status).toBe(200);
    } finally {
      for (const request of streams) request.destroy();
    }
  }, 60_000);
});
