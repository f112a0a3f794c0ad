/**
 * The chart's alerts and dashboard only name metrics a Cairn service really exports: a service is
 * started in-process (saved-protocols; every service exports the same platform metrics) and its
 * GET /metrics is read, then every metric named by the PrometheusRule's expressions and by the
 * dashboard's queries is looked up in it. Metrics of other exporters (kube-state-metrics, the Kafka
 * exporter) are allowed by name only.
 * Run: NODE_OPTIONS=--experimental-vm-modules npx jest charts
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { requestJson, startTestApp, type TestApp } from '@cairn/testing';
import { SavedProtocolsAppModule } from '../../services/saved-protocols/src/app.module.js';
import { kubeTools, repoRoot, run } from '../../tools/testing/src/cluster/kube-tools.js';

const YAML = createRequire(join(repoRoot, 'services/search/package.json'))('yaml') as typeof import('yaml');

/** Series of other exporters the alerts use: kube-state-metrics and a Kafka consumer-group exporter. */
const EXTERNAL_METRICS = ['kube_deployment_status_replicas_available', 'kube_deployment_spec_replicas', 'kafka_consumergroup_lag'];

const PROMQL_KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

/**
 * The metric names of a PromQL expression: what is left once strings, label matchers, ranges, grouping
 * clauses, function calls, keywords and numbers are taken out.
 */
export function metricNames(expression: string): string[] {
  const stripped = expression
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = [...stripped.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g)]
    .filter((match) => !match[2] && !PROMQL_KEYWORDS.has(match[1].toLowerCase()))
    .map((match) => match[1]);
  return [...new Set(names)];
}

/** The series names a /metrics page declares: each `# TYPE` line, with a histogram's `_bucket`, `_sum` and `_count`. */
function exportedSeries(page: string): Set<string> {
  const series = new Set<string>();
  for (const [, name, type] of page.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) series.add(`${name}${suffix}`);
    else if (type === 'summary') for (const suffix of ['', '_sum', '_count']) series.add(`${name}${suffix}`);
    else series.add(name);
  }
  return series;
}

describe('the metrics the chart\'s alerts and dashboard use', () => {
  let app: TestApp;
  let exported: Set<string>;

  beforeAll(async () => {
    app = await startTestApp((config) => SavedProtocolsAppModule.forRoot(config), { service: 'saved-protocols', env: { API_PREFIX: '/api' } });
    // One request, so the HTTP histogram has a sample too.
    expect((await requestJson(`${app.url}/healthz`, 'GET')).status).toBe(200);
    const response = await fetch(`${app.url}/metrics`);
    expect(response.status).toBe(200);
    exported = exportedSeries(await response.text());
    kubeTools();
  }, 60_000);
  afterAll(() => app?.close());

  it('reads metric names out of PromQL', () => {
    expect(
      metricNames('sum by (job, le) (rate(cairn_http_request_duration_seconds_bucket{job=~"$job", route!="unmatched"}[$__rate_interval])) / on (job) group_left kube_deployment_spec_replicas > 0.05'),
    ).toEqual(['cairn_http_request_duration_seconds_bucket', 'kube_deployment_spec_replicas']);
  });

  it('exports the HTTP histogram, the event counters and the process metrics', () => {
    for (const name of ['cairn_http_request_duration_seconds_bucket', 'cairn_events_published_total', 'cairn_events_dead_lettered_total', 'cairn_process_resident_memory_bytes']) {
      expect(exported).toContain(name);
    }
  });

  it('exports every Cairn metric the PrometheusRule names', () => {
    const objects = YAML.parseAllDocuments(
      run('helm', ['template', 'cairn', 'charts/cairn', '--namespace', 'cairn', '-f', 'charts/cairn/ci/hospital-values.yaml', '--show-only', 'templates/prometheusrule.yaml']),
    ).map((document) => document.toJS());
    const rules = objects.flatMap((object: any) => object.spec.groups.flatMap((group: any) => group.rules)) as { alert: string; expr: string }[];
    expect(rules.length).toBeGreaterThanOrEqual(6);
    const names = rules.flatMap((rule) => metricNames(rule.expr).map((name) => ({ alert: rule.alert, name })));
    expect(names.filter(({ name }) => name.startsWith('cairn_')).length).toBeGreaterThan(0);
    expect(names.filter(({ name }) => !exported.has(name) && !EXTERNAL_METRICS.includes(name))).toEqual([]);
  });

  it('exports every metric the Grafana dashboard queries', () => {
    const dashboard = JSON.parse(readFileSync(join(repoRoot, 'charts/cairn/files/dashboards/cairn.json'), 'utf8'));
    const panels = (dashboard.panels as any[]).flatMap((panel) => [panel, ...(panel.panels ?? [])]);
    const expressions = [
      ...panels.flatMap((panel) => (panel.targets ?? []).map((target: any) => ({ panel: panel.title as string, expr: target.expr as string }))),
      ...(dashboard.templating.list as any[]).filter((variable) => variable.type === 'query').map((variable) => ({ panel: `$${variable.name}`, expr: String(variable.definition).replace(/^label_values\((.*),\s*\w+\)$/, '$1') })),
    ];
    expect(expressions.length).toBeGreaterThan(10);
    const names = expressions.flatMap(({ panel, expr }) => metricNames(expr).map((name) => ({ panel, name })));
    expect(names.filter(({ name }) => !exported.has(name))).toEqual([]);
    // Every panel is filtered to the chosen namespace and services.
    for (const { panel, expr } of expressions.filter((entry) => !entry.panel.startsWith('$'))) {
      expect({ panel, scoped: expr.includes('namespace="$namespace", job=~"$job"') }).toEqual({ panel, scoped: true });
    }
  });
});
