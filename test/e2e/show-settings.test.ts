import http from 'node:http';
import { serverForSuite } from './support/suite';
import { ADMIN_PASSWORD, api, login, registerAndLogin, seedUserWithRoles } from './support/test-server';

const SETTINGS = {
  streamChannel: 'quizshow',
  streamUrl: 'https://www.twitch.tv/quizshow',
  supportUrl: 'https://ko-fi.com/quizshow',
  newsletterUrl: 'https://newsletter.example.org/subscribe?u=1&id=2',
  socialLinks: [{ label: 'Instagram', url: 'https://www.instagram.com/quizshow' }],
  nextDates: [
    { date: '2026-11-27', title: 'Quiz am Freitag' },
    { date: '2026-12-04', title: 'Nikolausquiz' },
  ],
  qrHostName: 'Jana',
  newsletterPopup: true,
  allowNewAccounts: true,
  showName: 'Quiz am Fluss',
  logo: '',
  primaryColor: '#1f4e79',
  overlay: { parts: ['question', 'countdown', 'ranking'], corner: 'top-right', scale: 1.5 },
  imprint: '<p>Quiz am Fluss GbR, Uferweg 1, 54290 Trier</p>',
  privacy: '<p>Wir speichern nur, was das Quiz braucht.</p>',
};

const UNSET = {
  streamChannel: '',
  streamUrl: '',
  supportUrl: '',
  newsletterUrl: '',
  socialLinks: [],
  nextDates: [],
  qrHostName: 'Olaf',
  newsletterPopup: false,
  allowNewAccounts: true,
  showName: '',
  logo: '',
  primaryColor: '',
  overlay: { parts: ['question', 'countdown', 'ranking', 'uber', 'qr'], corner: 'bottom-right', scale: 1 },
  imprint: '',
  privacy: '',
};

/** A Server-Sent Events listener as a browser's EventSource is one: each `event: settings` parsed, in order. */
class SettingsListener {
  private readonly received: unknown[] = [];
  private readonly waiting: Array<() => void> = [];
  private buffer = '';
  private constructor(
    private readonly request: http.ClientRequest,
    readonly contentType: string,
  ) {}

  static open(url: string): Promise<SettingsListener> {
    return new Promise((resolve, reject) => {
      const request = http.get(url, (response) => {
        const listener = new SettingsListener(request, String(response.headers['content-type']));
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => listener.read(chunk));
        resolve(listener);
      });
      request.on('error', reject);
    });
  }

  private read(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const lines = block.split('\n');
      if (!lines.includes('event: settings')) continue;
      this.received.push(JSON.parse(lines.find((l) => l.startsWith('data: '))!.slice('data: '.length)));
      this.waiting.splice(0).forEach((wake) => wake());
    }
  }

  /** The n-th settings event (1-based), once it arrived. */
  async nth(n: number): Promise<unknown> {
    while (this.received.length < n) await new Promise<void>((wake) => this.waiting.push(wake));
    return this.received[n - 1];
  }

  count(): number {
    return this.received.length;
  }

  close(): void {
    this.request.destroy();
  }
}

describe('show settings over HTTP (PROTOCOL.md "Show settings")', () => {
  const suite = serverForSuite();
  let admin: string;
  let player: string;
  let moderator: string;

  beforeAll(async () => {
    admin = await login(suite.env.url, 'admin', ADMIN_PASSWORD);
    player = (await registerAndLogin(suite.env.url, 'spielerin')).token;
    moderator = (await seedUserWithRoles(suite.env, 'moderatorin', ['moderator'])).token;
  });

  it("given a fresh show, then anyone (logged out too) reads them: nothing set, the spec's host", async () => {
    expect(await api(suite.env.url, 'GET', '/api/show-settings')).toEqual({ status: 200, body: UNSET });
  });

  it('given an admin, when she PUTs settings, then they are answered, read by everyone and stored as one event with who changed them', async () => {
    expect(await api(suite.env.url, 'PUT', '/api/show-settings', SETTINGS, admin)).toEqual({
      status: 200,
      body: SETTINGS,
    });
    expect(await api(suite.env.url, 'GET', '/api/show-settings')).toEqual({ status: 200, body: SETTINGS });
    expect(await api(suite.env.url, 'GET', '/api/show-settings', undefined, player)).toEqual({
      status: 200,
      body: SETTINGS,
    });
    const events = (await suite.env.server.storage.events.readStream('show')).filter(
      (e) => e.type === 'ShowSettingsChanged',
    );
    expect(events).toHaveLength(1);
    const adminId = suite.env.server.runtime.engine.live.state.userIdByLogin.get('admin');
    expect(events[0].data).toEqual({ settings: SETTINGS, changedBy: adminId });
    // The same settings again: 200, nothing appended.
    expect((await api(suite.env.url, 'PUT', '/api/show-settings', SETTINGS, admin)).status).toBe(200);
    expect(
      (await suite.env.server.storage.events.readStream('show')).filter((e) => e.type === 'ShowSettingsChanged'),
    ).toHaveLength(1);
  });

  it('given a player, a moderator or nobody, when they PUT, then 403 (401 logged out) and nothing changes', async () => {
    const changed = { ...SETTINGS, newsletterUrl: 'https://evil.example.org' };
    expect(await api(suite.env.url, 'PUT', '/api/show-settings', changed, player)).toEqual({
      status: 403,
      body: { errors: [{ status: '403', detail: 'Dazu fehlt dir die Berechtigung.' }] },
    });
    expect((await api(suite.env.url, 'PUT', '/api/show-settings', changed, moderator)).status).toBe(403);
    expect((await api(suite.env.url, 'PUT', '/api/show-settings', changed)).status).toBe(401);
    expect((await api(suite.env.url, 'GET', '/api/show-settings')).body).toEqual(SETTINGS);
  });

  it.each([
    [
      'a malformed address',
      { newsletterUrl: 'newsletter.example.org' },
      'Keine gültige Adresse: Die Newsletter-Adresse muss eine vollständige Adresse mit http:// oder https:// sein (z. B. https://example.org).',
    ],
    [
      'a malformed date',
      { nextDates: [{ date: '27.11.2026', title: 'Quiz' }] },
      'Kein gültiges Datum: „27.11.2026“. Bitte jeden Termin als JJJJ-MM-TT angeben (z. B. 2026-11-20).',
    ],
    [
      'too many links',
      { socialLinks: Array.from({ length: 11 }, (_, i) => ({ label: `L${i}`, url: `https://l${i}.example.org` })) },
      'Es sind höchstens 10 Social-Media-Links möglich.',
    ],
    [
      'a text too long',
      { qrHostName: 'O'.repeat(51) },
      'Zu lang: Der Name auf der QR-Seite darf höchstens 50 Zeichen haben.',
    ],
    [
      'a list that is no list',
      { socialLinks: 'https://instagram.com' },
      'Das Feld "socialLinks" muss eine Liste sein.',
    ],
    [
      'entries that are no objects',
      { nextDates: ['2026-11-27'] },
      'Jeder Eintrag im Feld "nextDates" muss ein Objekt {date, title} sein.',
    ],
    [
      'an entry field that is no text',
      { socialLinks: [{ label: 'X', url: 42 }] },
      'Das Feld "socialLinks[].url" muss ein Text sein.',
    ],
    ['a number for a text', { streamUrl: 42 }, 'Das Feld "streamUrl" muss ein Text sein.'],
    ['a text for the flag', { newsletterPopup: 'ja' }, 'Das Feld "newsletterPopup" muss true oder false sein.'],
    ['a NUL in a text', { streamUrl: 'https://example.org/\u0000' }, 'Der Text enthält ungültige Zeichen.'],
    [
      'a primary colour white text is hard to read on',
      { primaryColor: '#ffb703' },
      'Zu wenig Kontrast: Weiße Schrift auf der Hauptfarbe #ffb703 erreicht nur 1,74:1, nötig sind mindestens 4,5:1 (WCAG AA). Bitte wähle eine dunklere Farbe.',
    ],
    [
      'a colour that is no #rrggbb',
      { primaryColor: 'rgb(0,0,0)' },
      'Die Hauptfarbe muss als #rrggbb angegeben werden (z. B. #5b3fd6).',
    ],
    [
      'a show name too long',
      { showName: 'S'.repeat(61) },
      'Zu lang: Der Name der Show darf höchstens 60 Zeichen haben.',
    ],
    [
      'an Impressum too long',
      { imprint: 'I'.repeat(20_001) },
      'Zu lang: Das Impressum darf höchstens 20000 Zeichen haben.',
    ],
    [
      'a logo that is no upload of the show',
      { logo: 'https://example.org/logo.png' },
      'Das Logo muss ein Bild sein, das über die Show-Einstellungen hochgeladen wurde.',
    ],
    ['an overlay layout that is no object', { overlay: 'oben rechts' }, 'Das Feld "overlay" muss ein Objekt sein.'],
    [
      'an overlay scale that is no number',
      { overlay: { scale: 'groß' } },
      'Das Feld "overlay.scale" muss eine Zahl sein.',
    ],
    [
      'an overlay scale too large',
      { overlay: { scale: 2.5 } },
      'Die Größe (scale) des Overlays muss eine Zahl von 0,5 bis 2 sein.',
    ],
  ])('given %s, then 400 with the German text and nothing changes', async (_what, fields, detail) => {
    expect(await api(suite.env.url, 'PUT', '/api/show-settings', { ...SETTINGS, ...fields }, admin)).toEqual({
      status: 400,
      body: { errors: [{ status: '400', detail }] },
    });
    expect((await api(suite.env.url, 'GET', '/api/show-settings')).body).toEqual(SETTINGS);
  });

  it('given a PUT leaving fields out, then those are unset: PUT replaces', async () => {
    const { body } = await api(
      suite.env.url,
      'PUT',
      '/api/show-settings',
      { newsletterUrl: 'https://n.example.org' },
      admin,
    );
    expect(body).toEqual({ ...UNSET, newsletterUrl: 'https://n.example.org' });
    expect((await api(suite.env.url, 'PUT', '/api/show-settings', SETTINGS, admin)).body).toEqual(SETTINGS);
  });

  it('given a logged-out listener on the stream, when the admin changes them, then it gets the new settings (no polling)', async () => {
    const listener = await SettingsListener.open(`${suite.env.url}/api/show-settings/stream`);
    try {
      expect(listener.contentType).toMatch(/^text\/event-stream/);
      expect(await listener.nth(1)).toEqual(SETTINGS);
      const changed = { ...SETTINGS, newsletterUrl: 'https://neu.example.org/anmelden', socialLinks: [] };
      await api(suite.env.url, 'PUT', '/api/show-settings', changed, admin);
      expect(await listener.nth(2)).toEqual(changed);
      // A change of something else (the overview message) sends nothing.
      const before = listener.count();
      expect((await api(suite.env.url, 'PUT', '/api/show-settings', changed, admin)).status).toBe(200);
      const socket = await suite.open(admin);
      await socket.request('ao', { message: 'Gleich gehts los' });
      await api(suite.env.url, 'PUT', '/api/show-settings', SETTINGS, admin);
      expect(await listener.nth(before + 1)).toEqual(SETTINGS);
    } finally {
      listener.close();
    }
  });

  it('given settings, when the server restarts, then they are the same (folded from the store)', async () => {
    await suite.restart();
    expect(await api(suite.env.url, 'GET', '/api/show-settings')).toEqual({ status: 200, body: SETTINGS });
  });

  it('is described in the OpenAPI document with its DTO', async () => {
    const { body } = await api(suite.env.url, 'GET', '/api/docs-json');
    expect(JSON.stringify(body.paths['/api/show-settings'].put.requestBody)).toContain(
      '#/components/schemas/ShowSettingsDto',
    );
    expect(Object.keys(body.components.schemas.ShowSettingsDto.properties)).toEqual([
      'streamChannel',
      'streamUrl',
      'supportUrl',
      'newsletterUrl',
      'socialLinks',
      'nextDates',
      'qrHostName',
      'newsletterPopup',
      'allowNewAccounts',
      'showName',
      'logo',
      'primaryColor',
      'overlay',
      'imprint',
      'privacy',
    ]);
    expect(body.paths['/api/show-settings'].get.security).toBeUndefined();
    expect(body.paths['/api/show-settings/stream'].get).toBeDefined();
  });
});

describe('show settings: a body that is no object', () => {
  const suite = serverForSuite();

  it('given a list as the body, then 400 with a German text and nothing changes', async () => {
    const admin = await login(suite.env.url, 'admin', ADMIN_PASSWORD);
    for (const body of ['[1, 2]', '[]']) {
      const response = await fetch(`${suite.env.url}/api/show-settings`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body,
      });
      const answer = { status: response.status, body: (await response.json()) as unknown };
      expect([body, answer]).toEqual([
        body,
        { status: 400, body: { errors: [{ status: '400', detail: 'Die Anfrage muss ein JSON-Objekt sein.' }] } },
      ]);
    }
    expect((await api(suite.env.url, 'GET', '/api/show-settings')).body).toEqual(UNSET);
  });
});
