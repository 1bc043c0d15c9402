import { api, startTestServer, type TestServer } from './support/test-server';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every route the server's router serves, as OpenAPI writes paths (`/api/users/{id}`), with its methods. */
function servedRoutes(env: TestServer): Set<string> {
  const express = env.server.app.getHttpAdapter().getInstance() as { router: { stack: Json[] } };
  const routes = new Set<string>();
  for (const layer of express.router.stack) {
    if (!layer.route) continue;
    const path = (layer.route.path as string).replace(/[:*](\w+)/g, '{$1}');
    for (const method of Object.keys(layer.route.methods as object)) routes.add(`${method} ${path}`);
  }
  return routes;
}

describe('the HTTP API as OpenAPI', () => {
  let env: TestServer;
  let document: Json;

  beforeAll(async () => {
    env = await startTestServer();
    const response = await api(env.url, 'GET', '/api/docs-json');
    expect(response.status).toBe(200);
    document = response.body;
  });
  afterAll(async () => {
    await env.destroy();
  });

  it('serves Swagger UI at /api/docs', async () => {
    const page = await fetch(`${env.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui');
  });

  it('lists every route the server serves, and nothing else', () => {
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries(document.paths as Json)) {
      for (const method of Object.keys(operations as Json)) documented.add(`${method} ${path}`);
    }
    const served = [...servedRoutes(env)].filter((route) => !route.includes('/api/docs')); // Swagger's own pages
    expect(served.length).toBeGreaterThan(20);
    expect([...documented].sort()).toEqual(served.sort());
  });

  it.each([
    ['post', '/api/token-auth', 'TokenAuthDto', []],
    ['post', '/api/users', 'RegisterUserDto', ['newPassword']],
    ['patch', '/api/users/{id}', 'UpdateUserDto', []],
    ['put', '/api/users/{id}/roles', 'SetUserRolesDto', ['roles']],
    ['post', '/api/teams', 'CreateTeamDto', ['name', 'newPassword']],
    ['post', '/api/quizzes', 'QuizDto', []],
    ['patch', '/api/quizzes/{id}', 'QuizDto', []],
    ['post', '/api/fqps/gruss/new', 'GreetingDto', ['username', 'message']],
    ['post', '/api/fqps/team/new', 'QrTeamDto', ['name']],
  ])('%s %s takes the %s schema', (method, path, dto, required) => {
    const body = JSON.stringify(document.paths[path][method].requestBody);
    expect(body).toContain(`#/components/schemas/${dto}`);
    const schema = document.components.schemas[dto];
    expect(schema.type).toBe('object');
    expect(schema.required ?? []).toEqual(required);
  });

  it('says which routes need a login token', () => {
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/teams'].get.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/fqps/team/status'].get.security).toBeUndefined();
  });

  it('given a body that breaks its schema, then the request is refused with the German text of the DTO', async () => {
    const refused = await api(env.url, 'POST', '/api/fqps/team/new', { name: 'Tisch 9', amount: { viele: true } });
    expect(refused).toMatchObject({
      status: 400,
      body: { errors: [{ detail: 'Die Mitgliederanzahl muss eine Zahl sien.' }] },
    });
    const missing = await api(env.url, 'POST', '/api/fqps/gruss/new', { message: 'Hallo' });
    expect(missing).toMatchObject({
      status: 400,
      body: { errors: [{ detail: 'Du musst sowohl einen Namen als auch eine Nachricht eingeben.' }] },
    });
  });
});
