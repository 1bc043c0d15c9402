/**
 * docker-compose.yml and deploy/haproxy.cfg checked without a Docker engine: the YAML parses, both app
 * instances get the same settings, which the server accepts (loadConfig), share what must be shared
 * (Postgres, the token secret, the uploads volume) and sit behind the load balancer, whose config names
 * each of them, checks readiness, passes WebSockets and the client's address. HAProxy's own check
 * (`haproxy -c`) runs where haproxy is installed (.ci/run installs it).
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { loadConfig } from '../../src/config';

/** js-yaml comes with the dev tools (ESLint reads YAML configs with it): no package added for one test. */
const yaml = createRequire(__filename)('js-yaml') as { load(text: string): unknown };

const root = path.resolve(__dirname, '../..');
const APP_SERVICES = ['app-a', 'app-b'];

interface Service {
  image?: string;
  build?: string;
  profiles?: string[];
  environment?: Record<string, string | number>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string[] };
}

const compose = yaml.load(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const haproxyFile = path.join(root, 'deploy/haproxy.cfg');
const haproxy = readFileSync(haproxyFile, 'utf8');
/** The lines of the config, comments and blank lines left out. */
const haproxyLines = haproxy
  .split('\n')
  .map((line) => line.replace(/#.*/, '').trim())
  .filter(Boolean);

/** A value the operator must set (`${NAME:?message}`), as an operator would: letters and digits, 40 of them. */
const OPERATOR_VALUE = 'b5e1c0a4d9f27386e1c0a4d9f27386b5e1c0a4d9';

/** The environment as compose passes it: `${NAME:-default}` becomes its default, `${NAME:?message}` a value the operator set. */
function withDefaults(environment: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(environment).map(([key, value]) => [
      key,
      String(value)
        .replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1')
        .replace(/\$\{[A-Z_]+:\?[^}]*\}/g, OPERATOR_VALUE),
    ]),
  );
}

describe('docker-compose.yml: two app instances on one Postgres behind a load balancer', () => {
  const apps = APP_SERVICES.map((name) => compose.services[name]!);

  it('has both instances, built from this repository with the same settings, and the server accepts them', () => {
    for (const app of apps) {
      expect(app).toMatchObject({ build: '.' });
      expect(app.environment).toEqual(apps[0]!.environment);
      const config = loadConfig(withDefaults(app.environment!));
      expect(config).toMatchObject({ port: 3000, eventStoreUrl: null, trustProxy: 1, dataDir: '/data' });
      expect(config.jwtSecret).toBeTruthy(); // the same secret on both: a token from one is valid on the other
      expect(new URL(config.databaseUrl!).hostname).toBe('postgres');
    }
  });

  it('takes the database password from the environment: no known default on either side', () => {
    expect(String(compose.services.postgres!.environment!.POSTGRES_PASSWORD)).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
    for (const app of apps) expect(new URL(withDefaults(app.environment!).DATABASE_URL!).password).toBe(OPERATOR_VALUE);
  });

  it('runs the show as the runtime role and the migrations as the owner, both made by the roles script on an empty volume (deploy/postgres-roles.sql)', () => {
    const postgres = compose.services.postgres!;
    for (const app of apps) {
      const config = loadConfig(withDefaults(app.environment!));
      expect(new URL(config.databaseUrl!).username).toBe('quiz_app');
      expect(new URL(config.migrationDatabaseUrl!).username).toBe('quiz_owner');
      expect(new URL(config.migrationDatabaseUrl!).password).toBe(OPERATOR_VALUE);
    }
    expect(postgres.environment).toMatchObject({
      QUIZ_OWNER_PASSWORD: expect.stringMatching(/^\$\{QUIZ_OWNER_PASSWORD:\?/),
      QUIZ_APP_PASSWORD: expect.stringMatching(/^\$\{QUIZ_APP_PASSWORD:\?/),
    });
    expect(postgres.volumes).toEqual(
      expect.arrayContaining([
        './deploy/postgres-roles.sql:/deploy/postgres-roles.sql:ro',
        './deploy/postgres-init.sh:/docker-entrypoint-initdb.d/postgres-init.sh:ro',
      ]),
    );
    const init = readFileSync(path.join(root, 'deploy/postgres-init.sh'), 'utf8');
    expect(init).toContain('-v owner_role=quiz_owner');
    expect(init).toContain('-v app_role=quiz_app');
    expect(init).toContain('-f /deploy/postgres-roles.sql');
  });

  it('puts everything they share in Postgres and one uploads volume', () => {
    expect(compose.services.postgres?.healthcheck).toBeDefined();
    for (const app of apps) {
      expect(app.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
      const dataVolume = app.volumes!.find((v) => v.split(':')[1] === '/data')!;
      expect(dataVolume).toBeDefined();
      expect(compose.volumes).toHaveProperty(dataVolume.split(':')[0]!);
      expect(dataVolume).toBe(apps[0]!.volumes![0]);
      expect(app.healthcheck!.test.join(' ')).toContain('/api/ready');
    }
  });

  it('publishes only the load balancer, which mounts deploy/haproxy.cfg; EventStoreDB starts only on request', () => {
    const lb = compose.services.lb!;
    expect(lb.volumes).toContain('./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
    expect(lb.ports).toEqual(['3000:3000']);
    expect(lb.depends_on).toEqual(APP_SERVICES);
    for (const app of apps) expect(app.ports).toBeUndefined();
    const started = Object.entries(compose.services)
      .filter(([, s]) => !s.profiles)
      .map(([name]) => name);
    expect(started.sort()).toEqual(['app-a', 'app-b', 'lb', 'postgres']);
  });
});

describe('deploy/haproxy.cfg', () => {
  it('sends to every app instance on its port, only while it is ready, WebSockets included, with the client address', () => {
    const servers = haproxyLines.filter((line) => line.startsWith('server ')).map((line) => line.split(/\s+/)[2]);
    expect(servers).toEqual(APP_SERVICES.map((name) => `${name}:${compose.services[name]!.environment!.PORT}`));
    expect(haproxyLines).toContain('option httpchk GET /api/ready');
    expect(haproxyLines).toContain('http-check expect status 200');
    expect(haproxyLines).toContain('option forwardfor'); // read by the app with TRUST_PROXY=1
    expect(haproxyLines).toContain('mode http'); // WebSocket upgrades pass in http mode
    expect(haproxyLines.find((line) => line.startsWith('timeout tunnel '))).toMatch(/^timeout tunnel \d+h$/);
    expect(haproxyLines).toContain(`bind :${compose.services.lb!.ports![0]!.split(':')[1]}`);
  });

  it('limits each source (IPv6 by its /64): connections at once, new connections and requests per 10 s; /metrics is not public', () => {
    expect(haproxyLines.find((line) => line.startsWith('stick-table '))).toMatch(
      /store conn_cur,conn_rate\(10s\),http_req_rate\(10s\)/,
    );
    expect(haproxyLines).toContain('tcp-request connection track-sc0 src,ipmask(32,64)');
    expect(haproxyLines.filter((line) => line.startsWith('tcp-request connection reject if'))).toHaveLength(2);
    expect(
      haproxyLines.some((line) => /^http-request deny deny_status 429 if \{ sc0_http_req_rate gt \d+ \}$/.test(line)),
    ).toBe(true);
    expect(haproxyLines.some((line) => line.startsWith('http-request deny deny_status 404 if { path /metrics }'))).toBe(
      true,
    );
  });

  it('never logs an overlay token: the log line has the path with /overlay/<token> cut, not the request line', () => {
    expect(haproxyLines).not.toContain('option httplog');
    const format = haproxyLines.find((line) => line.startsWith('log-format '))!;
    expect(format).toContain('%[var(txn.logpath)]');
    for (const uri of ['%r', '%HU', '%HP', '%HPO', '%HQ']) expect(format.split(/\s+/)).not.toContain(uri);
    expect(haproxyLines).toContain('http-request set-var(txn.logpath) path,regsub(^/overlay/[^/]*,/overlay/...)');
  });

  it('passes haproxy -c where HAProxy is installed', async () => {
    const check = await new Promise<{ code: number | null; output: string } | null>((resolve) => {
      execFile('haproxy', ['-c', '-f', haproxyFile], (error, stdout, stderr) => {
        if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') return resolve(null);
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: stdout + stderr });
      });
    });
    if (!check) {
      console.log('haproxy -c skipped: haproxy is not installed (.ci/run installs it).');
      return;
    }
    expect(check.output).toContain('Configuration file is valid');
    expect(check.code).toBe(0);
  });
});

describe('the https profile: Caddy in front of the load balancer (docs/deployment.md, "HTTPS")', () => {
  const caddyfile = readFileSync(path.join(root, 'deploy/Caddyfile'), 'utf8');
  const caddyLines = caddyfile
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean);
  const caddy = compose.services.caddy!;

  it('starts only with the profile, needs PUBLIC_URL, serves 80 and 443, keeps its certificates in a volume', () => {
    expect(caddy.profiles).toEqual(['https']);
    expect(caddy.image).toMatch(/^caddy:2\.\d+/);
    expect(String(caddy.environment!.PUBLIC_URL)).toMatch(/^\$\{PUBLIC_URL:\?/);
    expect(caddy.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(caddy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(compose.volumes).toHaveProperty(caddy.volumes!.find((v) => v.endsWith(':/data'))!.split(':')[0]!);
    expect(caddy.depends_on).toEqual(['lb']);
    // The instances get the same PUBLIC_URL (empty without the profile: links take the request's origin).
    for (const name of APP_SERVICES)
      expect(loadConfig(withDefaults(compose.services[name]!.environment!)).publicUrl).toBeNull();
    expect(
      loadConfig({ ...withDefaults(compose.services['app-a']!.environment!), PUBLIC_URL: 'https://quiz.example.de' })
        .publicUrl,
    ).toBe('https://quiz.example.de');
  });

  it("serves PUBLIC_URL's site and proxies to HAProxy's TLS door with the PROXY protocol and X-Forwarded-Proto", () => {
    expect(caddyLines).toContain('{$PUBLIC_URL} {');
    const upstream = caddyLines.find((line) => line.startsWith('reverse_proxy '))!;
    const [host, port] = upstream.split(/\s+/)[1]!.split(':');
    expect(host).toBe('lb');
    expect(caddyLines).toContain('proxy_protocol v2');
    expect(caddyLines).toContain('header_up X-Forwarded-Proto https');
    expect(caddyLines.some((line) => /^log\b/.test(line))).toBe(false); // a request line would hold an overlay token
    expect(haproxyLines).toContain(`bind :${port} accept-proxy name tls`);
    expect(haproxyLines).toContain('http-request del-header X-Forwarded-Proto unless { so_name tls }');
    expect(compose.services.lb!.ports!.some((p) => p.includes(port!))).toBe(false); // only Caddy reaches it
  });
});

describe('stores in compose', () => {
  it("runs the Postgres major CI tests on (.ci/run starts the machine's cluster, /etc/postgresql/<major>)", () => {
    const major = /^postgres:(\d+)/.exec(compose.services.postgres!.image!)![1];
    expect(major).toBe('15');
    let installed: string[] = [];
    try {
      installed = readdirSync('/etc/postgresql');
    } catch {
      return; // no cluster on this machine: the pinned 15 is CI's
    }
    if (installed.length === 1) expect(major).toBe(installed[0]);
  });

  it('offers a supported KurrentDB (25.x) for the event store suites, on request only', () => {
    const store = compose.services.eventstore!;
    expect(store.image).toMatch(/^kurrentplatform\/kurrentdb:25\.\d+/);
    expect(store.profiles).toEqual(['eventstore']);
    expect(Object.keys(store.environment!).every((key) => key.startsWith('KURRENTDB_'))).toBe(true);
  });
});
