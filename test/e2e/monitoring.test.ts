/**
 * The monitoring shipped in deploy/ (issue 44): the Grafana dashboard and the Prometheus alert rules
 * name only metrics a started server's /metrics has (promtool is not installed everywhere; where it
 * is, `promtool check rules` runs too), and the dashboard has the shape Grafana imports.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { serverForSuite } from './support/suite';

const yaml = createRequire(__filename)('js-yaml') as { load(text: string): unknown };
const root = path.resolve(__dirname, '../..');

interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { h: number; w: number; x: number; y: number };
  datasource: { type: string; uid: string };
  targets: Array<{ refId: string; expr: string }>;
}
interface Dashboard {
  title: string;
  uid: string;
  schemaVersion: number;
  panels: Panel[];
  templating: { list: Array<{ name: string; type: string; query: string }> };
}
interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string };
}

const dashboard = JSON.parse(readFileSync(path.join(root, 'deploy/grafana/quiz-show.json'), 'utf8')) as Dashboard;
const alertsFile = path.join(root, 'deploy/prometheus/alerts.yml');
const rules = (
  yaml.load(readFileSync(alertsFile, 'utf8')) as { groups: Array<{ name: string; rules: Rule[] }> }
).groups.flatMap((g) => g.rules);
const scrape = yaml.load(readFileSync(path.join(root, 'deploy/prometheus/prometheus.yml'), 'utf8')) as {
  rule_files: string[];
  scrape_configs: Array<{ job_name: string }>;
};

/** The metric names a PromQL expression reads: ours, Node's and the process's (functions, labels and keywords are neither). */
function metricNames(expr: string): string[] {
  const withoutStrings = expr.replace(/"[^"]*"/g, '""');
  return [...withoutStrings.matchAll(/\b((?:quiz|nodejs|process)_[a-zA-Z0-9_]+)\b/g)].map((m) => m[1]!);
}

/** Every series name a /metrics text offers: samples, and each declared family (a histogram's with _bucket, _sum and _count). */
function offered(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const declared = /^# TYPE (\S+) (\w+)/.exec(line);
    if (declared) {
      names.add(declared[1]!);
      if (declared[2] === 'histogram' || declared[2] === 'summary')
        for (const suffix of ['_bucket', '_sum', '_count']) names.add(declared[1] + suffix);
    } else if (line && !line.startsWith('#')) names.add(line.split(/[{ ]/)[0]!);
  }
  return names;
}

describe('deploy/: the Grafana dashboard and the Prometheus alert rules', () => {
  const suite = serverForSuite();
  let metrics: Set<string>;

  beforeAll(async () => {
    const response = await fetch(`${suite.env.url}/metrics`);
    expect(response.status).toBe(200);
    metrics = offered(await response.text());
  });

  it('the dashboard has the shape Grafana imports: uid, schema version, a Prometheus data source variable, panels on the grid with queries', () => {
    expect(dashboard).toMatchObject({ title: 'Quiz-Show', uid: 'quiz-show', schemaVersion: expect.any(Number) });
    expect(dashboard.templating.list).toContainEqual(
      expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' }),
    );
    expect(new Set(dashboard.panels.map((p) => p.id)).size).toBe(dashboard.panels.length);
    for (const panel of dashboard.panels) {
      expect(['timeseries', 'stat', 'gauge']).toContain(panel.type);
      expect(panel.datasource).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect(panel.gridPos.w).toBeLessThanOrEqual(24);
      expect(panel.targets.length).toBeGreaterThan(0);
      for (const target of panel.targets) expect(metricNames(target.expr).length).toBeGreaterThan(0);
    }
  });

  it("every panel's metrics exist in a started server's /metrics, and together they cover what matters at a show", () => {
    const named = dashboard.panels.flatMap((panel) =>
      panel.targets.flatMap((target) => metricNames(target.expr).map((name) => ({ panel: panel.title, name }))),
    );
    expect(named.filter(({ name }) => !metrics.has(name))).toEqual([]);
    const all = new Set(named.map(({ name }) => name));
    for (const needed of [
      'quiz_sockets',
      'quiz_append_seconds_bucket',
      'quiz_command_rejections_total',
      'quiz_projection_lag_events',
      'quiz_password_hashing',
      'quiz_disk_free_bytes',
      'quiz_disk_floor_bytes',
    ])
      expect(all).toContain(needed);
  });

  it("every alert rule reads metrics /metrics has (or Prometheus's own `up` of the scrape job), with a severity, a wait and a summary", () => {
    expect(scrape.rule_files).toEqual(['alerts.yml']);
    const job = scrape.scrape_configs[0]!.job_name;
    for (const rule of rules) {
      expect(rule).toMatchObject({
        alert: expect.stringMatching(/^QuizShow\w+$/),
        labels: { severity: expect.stringMatching(/^(warning|critical)$/) },
      });
      expect(rule.annotations.summary.length).toBeGreaterThan(10);
      expect(rule.for).toMatch(/^\d+m$/);
      const names = metricNames(rule.expr);
      if (names.length === 0) expect(rule.expr).toContain(`up{job="${job}"}`);
      expect(names.filter((name) => !metrics.has(name))).toEqual([]);
    }
    const covered = new Set(rules.flatMap((rule) => metricNames(rule.expr)));
    for (const needed of [
      'quiz_sockets',
      'quiz_append_seconds_bucket',
      'quiz_command_rejections_total',
      'quiz_projection_lag_events',
      'quiz_password_hashing',
      'quiz_disk_free_bytes',
    ])
      expect(covered).toContain(needed);
  });

  it('passes promtool check rules where promtool is installed', async () => {
    const check = await new Promise<{ code: number; output: string } | null>((resolve) => {
      execFile('promtool', ['check', 'rules', alertsFile], (error, stdout, stderr) => {
        if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') return resolve(null);
        resolve({ code: error ? 1 : 0, output: stdout + stderr });
      });
    });
    if (!check) {
      console.log('promtool check rules skipped: promtool is not installed.');
      return;
    }
    expect(check.output).toContain('SUCCESS');
    expect(check.code).toBe(0);
  });
});
