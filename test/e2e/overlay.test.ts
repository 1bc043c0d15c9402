import sharp from 'sharp';
import WebSocket from 'ws';
import { SOCKET_CLOSE_CODES } from '../../wire';
import { serverForSuite } from './support/suite';
import { ADMIN_PASSWORD, api, login, registerAndLogin, seedUserWithRoles } from './support/test-server';
import { WsClient } from './support/ws-client';
import { ANONYMOUS_SOCKETS_PER_ADDRESS } from '../../src/limits/sockets-and-team-passwords';
import { OVERLAY_LINK_TEXTS, OVERLAY_PAGES_PER_LINK } from '../../projections/live';

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The stream overlay's links and socket, and the show's look over HTTP (PROTOCOL.md wave 4). */
describe("stream overlay links and the show's look", () => {
  const requestLog: string[] = [];
  const suite = serverForSuite({ requestLog: (line) => requestLog.push(line) });
  let admin: string;
  let player: string;
  let moderator: string;

  beforeAll(async () => {
    admin = await login(suite.env.url, 'admin', ADMIN_PASSWORD);
    player = (await registerAndLogin(suite.env.url, 'zuschauerin')).token;
    moderator = (await seedUserWithRoles(suite.env, 'moderatorin', ['moderator'])).token;
  });

  /** A socket that authenticated as an overlay page with the token, with its views loaded. */
  async function overlayPage(token: string): Promise<WsClient> {
    const page = await WsClient.connect(suite.env.wsUrl);
    const auth = await page.request('sa', { overlay: token });
    if (!auth.success) throw new Error(`sa failed: ${auth.message}`);
    await page.sync();
    return page;
  }

  const tokenOf = (url: string) => url.slice(url.indexOf('/overlay/') + '/overlay/'.length);

  it('only an admin creates, lists and revokes links; the answer is {id, url}, and the token is in neither the log nor the request log', async () => {
    for (const [token, status] of [
      [undefined, 401],
      [player, 403],
      [moderator, 403],
    ] as const) {
      expect((await api(suite.env.url, 'POST', '/api/overlay-links', {}, token)).status).toBe(status);
      expect((await api(suite.env.url, 'GET', '/api/overlay-links', undefined, token)).status).toBe(status);
      expect((await api(suite.env.url, 'DELETE', '/api/overlay-links/x', undefined, token)).status).toBe(status);
    }
    const created = await api(suite.env.url, 'POST', '/api/overlay-links', {}, admin);
    expect(created).toEqual({
      status: 201,
      body: {
        id: expect.any(String),
        url: expect.stringMatching(new RegExp(`^${suite.env.url}/overlay/[\\w-]+\\.[\\w-]{43}$`)),
      },
    });
    const { id, url } = created.body as { id: string; url: string };
    expect((await api(suite.env.url, 'GET', '/api/overlay-links', undefined, admin)).body).toEqual([
      { id, url, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), createdBy: 'admin' },
    ]);

    await (await fetch(url)).text(); // the overlay page, as a broadcast tool asks for it
    const secret = tokenOf(url).split('.')[1]!;
    const log = JSON.stringify(await suite.env.server.storage.events.readAll());
    expect(log).toContain(id);
    expect(log).not.toContain(secret);
    expect(requestLog.some((line) => line.includes(' GET /overlay/… '))).toBe(true);
    expect(requestLog.join('\n')).not.toContain(secret);

    expect((await api(suite.env.url, 'DELETE', `/api/overlay-links/${id}`, undefined, admin)).status).toBe(204);
    expect((await api(suite.env.url, 'DELETE', `/api/overlay-links/${id}`, undefined, admin)).status).toBe(204); // again: nothing changes
    expect(await api(suite.env.url, 'DELETE', '/api/overlay-links/ausgedacht', undefined, admin)).toEqual({
      status: 404,
      body: { errors: [{ status: '404', detail: 'Diesen Overlay-Link gibt es nicht.' }] },
    });
    expect((await api(suite.env.url, 'GET', '/api/overlay-links', undefined, admin)).body).toEqual([]);
    const types = (await suite.env.server.storage.events.readAll())
      .map((e) => e.type)
      .filter((type) => type.startsWith('OverlayLink'));
    expect(types).toEqual(['OverlayLinkCreated', 'OverlayLinkRevoked']);
  });

  it("an overlay page's socket sees only the overlay scope, sends nothing, and a forged token is refused", async () => {
    const { url } = (await api(suite.env.url, 'POST', '/api/overlay-links', {}, admin)).body as { url: string };
    const page = await overlayPage(tokenOf(url));
    expect(Object.keys(page.views)).toEqual(['overlay']);
    expect(page.views.overlay).toMatchObject({
      phase: 'qn',
      question: null,
      ranking: null,
      layout: { corner: 'bottom-right' },
    });
    expect(await page.request('gp', { message: 'Hallo' })).toEqual({
      success: false,
      message: 'Das Overlay zeigt nur an: Es kann nichts senden.',
    });
    expect(await page.request('mp', { publish: true })).toMatchObject({ success: false });
    await page.close();

    const forged = await WsClient.connect(suite.env.wsUrl);
    const [linkId] = tokenOf(url).split('.');
    for (const token of [`${linkId}.gefälscht`, 'ausgedacht', 42]) {
      expect(await forged.request('sa', { overlay: token })).toEqual({
        success: false,
        message: 'Dieser Overlay-Link ist ungültig oder wurde widerrufen.',
      });
    }
    expect(await forged.request('sg')).toMatchObject({ success: false });
    await forged.close();
  });

  it('given an overlay page open, when the admin revokes its link, then its socket closes within 2 s and a new page with the link is refused', async () => {
    const { id, url } = (await api(suite.env.url, 'POST', '/api/overlay-links', {}, admin)).body as {
      id: string;
      url: string;
    };
    const page = await overlayPage(tokenOf(url));
    const closed = new Promise<number>((resolve) => page.socket.once('close', (code) => resolve(code)));
    const revokedAt = Date.now();
    expect((await api(suite.env.url, 'DELETE', `/api/overlay-links/${id}`, undefined, admin)).status).toBe(204);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new Error('still open after 2 s')), 2000)),
    );
    const code = await Promise.race([closed, deadline]).finally(() => clearTimeout(timer));
    expect(code).toBe(SOCKET_CLOSE_CODES.tokenRevoked);
    expect(Date.now() - revokedAt).toBeLessThan(2000);
    expect(page.socket.readyState).toBe(WebSocket.CLOSED);

    const again = await WsClient.connect(suite.env.wsUrl);
    expect(await again.request('sa', { overlay: tokenOf(url) })).toMatchObject({ success: false });
    await again.close();
  });

  it('overlay pages leave the per-address count of sockets not yet authenticated: more of them than that cap all connect from one address', async () => {
    const count = ANONYMOUS_SOCKETS_PER_ADDRESS + 5;
    const links: Array<{ id: string; url: string }> = [];
    for (let i = 0; i < Math.ceil(count / OVERLAY_PAGES_PER_LINK); i++)
      links.push(
        (await api(suite.env.url, 'POST', '/api/overlay-links', {}, admin)).body as { id: string; url: string },
      );
    const pages: WsClient[] = [];
    try {
      for (let i = 0; i < count; i++) {
        const page = await WsClient.connect(suite.env.wsUrl);
        pages.push(page);
        expect(await page.request('sa', { overlay: tokenOf(links[i % links.length]!.url) })).toEqual({ success: true });
      }
    } finally {
      await Promise.all(pages.map((page) => page.close()));
      for (const { id } of links) await api(suite.env.url, 'DELETE', `/api/overlay-links/${id}`, undefined, admin);
    }
  });

  it('one link holds at most OVERLAY_PAGES_PER_LINK pages at once: the next is refused in German; when its creator loses the admin role, its pages close', async () => {
    const second = await seedUserWithRoles(suite.env, 'zweite-admin', ['admin']);
    const { id, url } = (await api(suite.env.url, 'POST', '/api/overlay-links', {}, second.token)).body as {
      id: string;
      url: string;
    };
    const pages: WsClient[] = [];
    try {
      for (let i = 0; i < OVERLAY_PAGES_PER_LINK; i++) pages.push(await overlayPage(tokenOf(url)));
      const extra = await WsClient.connect(suite.env.wsUrl);
      pages.push(extra);
      expect(await extra.request('sa', { overlay: tokenOf(url) })).toEqual({
        success: false,
        message: OVERLAY_LINK_TEXTS.tooManyPages(OVERLAY_PAGES_PER_LINK),
      });
      const closed = new Promise<number>((resolve) => pages[0]!.socket.once('close', (code) => resolve(code)));
      expect((await api(suite.env.url, 'PUT', `/api/users/${second.userId}/roles`, { roles: [] }, admin)).status).toBe(
        200,
      );
      expect(await closed).toBe(SOCKET_CLOSE_CODES.tokenRevoked);
      const again = await WsClient.connect(suite.env.wsUrl);
      pages.push(again);
      expect(await again.request('sa', { overlay: tokenOf(url) })).toMatchObject({ success: false });
      const listed = (await api(suite.env.url, 'GET', '/api/overlay-links', undefined, admin))
        .body as unknown as Array<{ id: string }>;
      expect(listed.map((link) => link.id)).not.toContain(id);
    } finally {
      await Promise.all(pages.map((page) => page.close()));
    }
  });

  it('the overlay follows the night: the question without its answer, and the ranking only once published', async () => {
    const { url } = (await api(suite.env.url, 'POST', '/api/overlay-links', {}, admin)).body as { url: string };
    const quiz = await api(
      suite.env.url,
      'POST',
      '/api/quizzes',
      {
        name: 'Overlay',
        yearWeek: '2026-47',
        content: [
          {
            type: 'normal',
            round: 1,
            number: 1,
            category: '(2) Erdkunde',
            question: 'Hauptstadt?',
            answer: 'Geheimantwort',
          },
        ],
      },
      admin,
    );
    const quizId = quiz.body.data.id as string;
    const page = await overlayPage(tokenOf(url));
    const host = await suite.open(admin);
    expect(await host.request('ma', { quiz: quizId, round: 1, question: 1 })).toMatchObject({ success: true });
    expect(await page.until((v) => v.overlay.question)).toMatchObject({
      category: '(2) Erdkunde',
      question: 'Hauptstadt?',
      points: 2,
    });
    expect(await host.request('mc', { time: 30 })).toMatchObject({ success: true });
    await page.until((v) => v.overlay.phase === 'qc' && v.overlay.countdownEndsAt);
    expect(await host.request('mn')).toMatchObject({ success: true });
    await page.until((v) => v.overlay.lockedIn?.number === 1);
    expect(await host.request('mp', { content: { publish: true } })).toMatchObject({ success: true });
    await page.until((v) => Array.isArray(v.overlay.ranking));
    expect(JSON.stringify(page.frames)).not.toContain('Geheimantwort');
    await page.close();
  });

  it("the manifest and the logo: defaults first, then the show's name, colour and logo, the logo for anyone", async () => {
    const defaults = await fetch(`${suite.env.url}/manifest.webmanifest`);
    expect(defaults.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(await defaults.json()).toMatchObject({
      name: 'Quiztool',
      short_name: 'Quiztool',
      start_url: '/',
      display: 'standalone',
      theme_color: '#5b3fd6',
      icons: expect.arrayContaining([
        expect.objectContaining({ src: '/icon-192.png', sizes: '192x192' }),
        expect.objectContaining({ src: '/icon-512.png', sizes: '512x512' }),
      ]),
    });
    const none = await fetch(`${suite.env.url}/api/show-settings/logo`);
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ errors: [{ status: '404', detail: 'Diese Show hat kein Logo.' }] });

    const form = new FormData();
    form.append('image', new Blob([PNG], { type: 'image/png' }), 'logo.png');
    const refused = await fetch(`${suite.env.url}/api/uploads/show`, {
      method: 'POST',
      headers: { authorization: `Bearer ${player}` },
      body: form,
    });
    expect(refused.status).toBe(403);
    await refused.text();
    const uploaded = await fetch(`${suite.env.url}/api/uploads/show`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const [logo] = ((await uploaded.json()) as { fileNames: string[] }).fileNames;
    expect(logo).toMatch(/^show\//);

    const saved = await api(
      suite.env.url,
      'PUT',
      '/api/show-settings',
      { showName: 'Kneipenquiz Trier am Fluss', primaryColor: '#1F4E79', logo },
      admin,
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ showName: 'Kneipenquiz Trier am Fluss', primaryColor: '#1f4e79', logo });
    const manifest = (await (await fetch(`${suite.env.url}/manifest.webmanifest`)).json()) as {
      icons: Array<{ src: string; type: string }>;
    } & Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'Kneipenquiz Trier am Fluss',
      short_name: 'Kneipenquiz',
      theme_color: '#1f4e79',
    });
    expect(manifest.icons).toEqual([
      {
        src: expect.stringMatching(/^\/api\/show-settings\/logo\?v=[0-9a-f-]{36}$/),
        sizes: 'any',
        type: 'image/png',
        purpose: 'any',
      },
    ]);
    const image = await fetch(`${suite.env.url}${manifest.icons[0]!.src}`); // no login
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toContain('immutable');
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({
      format: 'png',
      width: 1,
      height: 1,
    }); // encoded again on upload
    expect((await fetch(`${suite.env.url}/manifest.webmanifest`, { method: 'HEAD' })).status).toBe(200);
  });
});
