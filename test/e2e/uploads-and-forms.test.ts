import sharp from 'sharp';
import { api, registerAndLogin, startTestServer, ADMIN_PASSWORD, login, type TestServer } from './support/test-server';
import { WsClient } from './support/ws-client';

/** A 1x1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d4944415478da636460f85f0f0002870180eb47ba920000000049454e44ae426082',
  'hex',
);

async function upload(
  base: string,
  kind: string,
  token: string,
  files: Array<{ field: string; bytes: Buffer<ArrayBuffer>; name: string; type: string }>,
  fileName?: string,
) {
  const form = new FormData();
  for (const f of files) form.append(f.field, new Blob([f.bytes], { type: f.type }), f.name);
  if (fileName !== undefined) form.append('fileName', fileName);
  const response = await fetch(`${base}/api/uploads/${kind}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('uploads and public forms', () => {
  let env: TestServer;
  let member: { token: string; userId: string };

  beforeAll(async () => {
    env = await startTestServer();
    member = await registerAndLogin(env.url, 'fotografin');
    await api(
      env.url,
      'POST',
      '/api/teams',
      { name: 'Blende 8', newPassword: 'x-team', stadt: 'Essen', beschreibung: 'Fotos' },
      member.token,
    );
  });
  afterAll(async () => {
    await env.destroy();
  });

  it('given a PNG, then it is stored under a server-chosen name, recorded as an event, and served only to logged-in users', async () => {
    const before = await env.server.storage.events.lastPosition();
    const { status, body } = await upload(env.url, 'team', member.token, [
      { field: 'image0', bytes: PNG, name: '../../evil.txt', type: 'text/plain' },
    ]);
    expect(status).toBe(201);
    expect(body.success).toBe(true);
    const [name] = body.fileNames as string[];
    expect(name).toMatch(/^team\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.png$/);
    const recorded = (await env.server.storage.events.readAll({ after: before })).map((e) => e.type);
    expect(recorded).toEqual(['UploadRecorded']);

    const served = await fetch(`${env.url}/api/uploads/${name}`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    // Decoded and encoded again: the same one pixel, not necessarily the same bytes.
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
      format: 'png',
      width: 1,
      height: 1,
    });
    expect((await fetch(`${env.url}/api/uploads/${name}?token=${member.token}`)).status).toBe(401); // tokens never travel in URLs (finding 5)
    expect((await fetch(`${env.url}/api/uploads/${name}`)).status).toBe(401);
    expect(
      (
        await fetch(`${env.url}/api/uploads/..%2F..%2Fjwt-secret`, {
          headers: { authorization: `Bearer ${member.token}` },
        })
      ).status,
    ).toBe(404);
  });

  it('given a text file named like an image, then 415 with the spec text and nothing recorded', async () => {
    const before = await env.server.storage.events.lastPosition();
    const { status, body } = await upload(env.url, 'team', member.token, [
      { field: 'image', bytes: Buffer.from('kein Bild'), name: 'bild.png', type: 'image/png' },
    ]);
    expect(status).toBe(415);
    expect(body.errors[0].detail).toBe('Bitte nur Bilder hochladen');
    expect(await env.server.storage.events.lastPosition()).toBe(before);
  });

  it('given a file over 10,000,000 bytes, then 413 with the spec text and nothing recorded', async () => {
    const before = await env.server.storage.events.lastPosition();
    const big = Buffer.concat([PNG, Buffer.alloc(10_000_001)]);
    const { status, body } = await upload(env.url, 'team', member.token, [
      { field: 'image', bytes: big, name: 'gross.png', type: 'image/png' },
    ]);
    expect(status).toBe(413);
    expect(body.errors[0].detail).toBe('Bitte nicht zu große Bilder hochladen');
    expect(await env.server.storage.events.lastPosition()).toBe(before);
  });

  it('given a pause upload without a name, then it is refused with the spec text', async () => {
    const { status, body } = await upload(env.url, 'user', member.token, [
      { field: 'image', bytes: PNG, name: 'a.png', type: 'image/png' },
    ]);
    expect(status).toBe(400);
    expect(body.errors[0].detail).toBe('Du musst eine Auflösung eingeben');
    expect(
      (
        await upload(
          env.url,
          'user',
          member.token,
          [{ field: 'image', bytes: PNG, name: 'a.png', type: 'image/png' }],
          '1920x1080',
        )
      ).status,
    ).toBe(201);
  });

  it("given a pause picture sent as the pause screen's upload area sends it (image0 and the typed fileName), then it is recorded with that name", async () => {
    const before = await env.server.storage.events.lastPosition();
    const { status, body } = await upload(
      env.url,
      'user',
      member.token,
      [{ field: 'image0', bytes: PNG, name: 'urlaub.png', type: 'image/png' }],
      ' 800x600 ',
    );
    expect(status).toBe(201);
    expect(body.fileNames[0]).toMatch(new RegExp(`^user/${member.userId}/[0-9a-f-]{36}\\.png$`));
    const [recorded] = await env.server.storage.events.readAll({ after: before });
    expect(recorded).toMatchObject({
      type: 'UploadRecorded',
      data: { kind: 'user', userId: member.userId, teamId: null, label: '800x600' },
    });
  });

  it('greets the wall with the spec limits', async () => {
    expect(
      await api(env.url, 'POST', '/api/fqps/gruss/new', { username: 'Oma Erna', message: 'Hallo Köln!' }),
    ).toMatchObject({ status: 200, body: { success: true } });
    expect(
      await api(env.url, 'POST', '/api/fqps/gruss/new', { username: 'x'.repeat(51), message: 'Hallo' }),
    ).toMatchObject({
      status: 400,
      body: { errors: [{ detail: 'Der Namen ist länger als 50 Zeichen.' }] },
    });
    expect(
      await api(env.url, 'POST', '/api/fqps/gruss/new', { username: 'Erna', message: 'x'.repeat(501) }),
    ).toMatchObject({
      status: 400,
      body: { errors: [{ detail: 'Die Nachricht ist länger als 500 Zeichen.' }] },
    });
    expect(await api(env.url, 'POST', '/api/fqps/gruss/new', { username: '', message: '' })).toMatchObject({
      status: 400,
      body: { errors: [{ detail: 'Du musst sowohl einen Namen als auch eine Nachricht eingeben.' }] },
    });
  });

  it('reports the QR team status from live moderator connections, and creates QR teams only then', async () => {
    expect(await api(env.url, 'GET', '/api/fqps/team/status')).toMatchObject({ status: 200, body: { success: false } });
    const refused = await api(env.url, 'POST', '/api/fqps/team/new', { name: 'Tisch 4', amount: '3' });
    expect(refused.status).toBe(428);
    const moderator = await WsClient.open(env.wsUrl, await login(env.url, 'admin', ADMIN_PASSWORD));
    expect(await api(env.url, 'GET', '/api/fqps/team/status')).toMatchObject({ body: { success: true } });
    expect(await api(env.url, 'POST', '/api/fqps/team/new', { name: 'Tisch 4', amount: '3' })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect(await api(env.url, 'POST', '/api/fqps/team/new', { name: 'TISCH 4' })).toMatchObject({ status: 409 });
    expect(await api(env.url, 'POST', '/api/fqps/team/new', { name: 'Tisch 5', amount: 'drei' })).toMatchObject({
      status: 400,
      body: { errors: [{ detail: 'Die Mitgliederanzahl muss eine Zahl sien.' }] },
    });
    await moderator.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await api(env.url, 'GET', '/api/fqps/team/status')).toMatchObject({ body: { success: false } });
  });
});
