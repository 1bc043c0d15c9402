/**
 * docker-compose.yml and deploy/haproxy.cfg checked without a Docker engine: the YAML parses, both app
 * instances get the same settings, which the server accepts (loadConfig), share what must be shared
 * (Postgres, the token secret, the uploads volume) and sit behind the load balancer, whose config names
 * each of them, checks readiness, passes WebSockets and the client's address. HAProxy's own check
 * (`haproxy -c`) runs where haproxy is installed (.ci/run installs it).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

const compose = yaml.load(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) as { services: Record<string, Service>; volumes: Record<string, unknown> };
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
    expect(haproxyLines.find((line) => line.startsWith('stick-table '))).toMatch(/store conn_cur,conn_rate\(10s\),http_req_rate\(10s\)/);
    expect(haproxyLines).toContain('tcp-request connection track-sc0 src,ipmask(32,64)');
    expect(haproxyLines.filter((line) => line.startsWith('tcp-request connection reject if'))).toHaveLength(2);
    expect(haproxyLines.some((line) => /^http-request deny deny_status 429 if \{ sc0_http_req_rate gt \d+ \}$/.test(line))).toBe(true);
    expect(haproxyLines.some((line) => line.startsWith('http-request deny deny_status 404 if { path /metrics }'))).toBe(true);
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
