import { resolve } from 'node:path';
import { buildGenerateRequest, SAMPLE_QUERIES, type ContextSnippet, type SnippetSource } from '@cairn/rules';
import { judge } from '@cairn/generation';
import { spawnService } from '@cairn/testing';
import { checklistFigures, followUpResults, type FollowUpSet } from './answer-quality.js';
import type { Half } from './clinical-queries.js';
import { CLINICAL_QUESTIONS } from './clinical-questions.js';
import { repoRoot } from './datasets.js';
import { percentile, table } from './metrics.js';

const asSource = (snippet: ContextSnippet | string | undefined) => ({
  id: 1,
  text: typeof snippet === 'string' ? snippet : (snippet?.text ?? ''),
  title: '',
  organization: '',
  year: null,
  region: '',
  url: '',
  section: '',
});

interface Step {
  text: string;
  citation: number;
}

async function post<T>(url: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const share = (count: number, total: number) => `${count}/${total} (${total ? ((100 * count) / total).toFixed(1) : '0.0'} %)`;

/** `--test` measures the held-out halves and batches (once, at the end of a change); otherwise the tune halves, with the misses listed. `--follow-ups` measures the follow-up answers alone. */
const half: Half = process.argv.includes('--test') ? 'test' : 'tune';
const followUpsOnly = process.argv.includes('--follow-ups');

type Ask = <T>(path: string, body: unknown) => Promise<T>;

/** Search then generate for the sample queries and forty more clinical questions, one at a time, after a warm-up pass. */
async function latencyAndSupport(url: string, token: string): Promise<void> {
  const rows: { query: string; ms: number; steps: number; supported: number; sample: boolean }[] = [];
  for (const round of [0, 1]) {
    for (const query of CLINICAL_QUESTIONS) {
      const started = performance.now();
      const search = await post<{ hits: SnippetSource[] }>(`${url}/api/protocols/search?use_hybrid=true&enhance_query=true`, token, { query, size: 8 });
      const request = buildGenerateRequest(query, search.hits);
      const protocol = await post<{ checklist: Step[] }>(`${url}/api/protocols/generate`, token, request);
      const ms = performance.now() - started;
      if (round === 0) continue;
      const supported = protocol.checklist.filter((step) => judge(step.text, asSource(request.context_snippets[step.citation - 1])) === null).length;
      rows.push({ query, ms, steps: protocol.checklist.length, supported, sample: (SAMPLE_QUERIES as readonly string[]).includes(query) });
    }
  }
  const latencies = rows.map((row) => row.ms).sort((a, b) => a - b);
  const steps = rows.reduce((sum, row) => sum + row.steps, 0);
  const supported = rows.reduce((sum, row) => sum + row.supported, 0);
  const samples = rows.filter((row) => row.sample);
  console.log(`Search (8 hits) + generate (≤ 6 sources), ${rows.length} questions one at a time (after a warm-up pass), extractive generator, standalone server`);
  console.log(
    table(
      ['p50 ms', 'p95 ms', 'max ms', 'steps per answer (mean, min)', 'steps supported by their cited source', 'sample queries: fewest steps'],
      [
        [
          percentile(latencies, 50).toFixed(1),
          percentile(latencies, 95).toFixed(1),
          latencies.at(-1)!.toFixed(1),
          `${(steps / rows.length).toFixed(1)}, ${Math.min(...rows.map((row) => row.steps))}`,
          `${supported}/${steps} (${((100 * supported) / steps).toFixed(1)} %)`,
          Math.min(...samples.map((row) => row.steps)),
        ],
      ],
    ),
  );
  console.log(table(['sample query', 'steps', 'ms'], samples.map((row) => [row.query, row.steps, row.ms.toFixed(1)])));

}

async function checklistLengths(ask: Ask): Promise<void> {
  const checklists = await checklistFigures(ask, half);
  console.log(`\nClinical queries (${half} half${half === 'tune' ? ' and the extra tune queries' : ''}) whose right protocol search ranks first: checklists of at least 5 steps`);
  console.log(
    table(
      ['queries', 'right protocol ranked first', '≥ 5 steps, generate with the hits', '≥ 5 steps, generate with the query alone'],
      [[checklists.queries, checklists.rankedFirst, share(checklists.withHits, checklists.rankedFirst), share(checklists.queryAlone, checklists.rankedFirst)]],
    ),
  );
  if (half === 'tune') console.log(table(['short checklist', 'steps with hits', 'steps, query alone'], checklists.short.map((row) => [row.query, row.withHits, row.queryAlone])));
}

const FOLLOW_UP_SETS: Record<FollowUpSet, string> = {
  tune: 'bench/data/follow-up-questions.json, tune half, the two sets of extra tune questions and the fresh batch\'s tune half',
  test: 'bench/data/follow-up-questions.json, test half',
  'fresh test': 'bench/data/follow-up-questions-fresh.json, test half',
  'second fresh': 'bench/data/follow-up-questions-fresh-2.json, all held out',
};

/** The held-out sets `--test` reads; `--second-fresh` reads the second fresh batch alone (held out too). */
const secondFreshOnly = process.argv.includes('--second-fresh');
const HELD_OUT_SETS: readonly FollowUpSet[] = secondFreshOnly ? ['second fresh'] : ['test', 'fresh test', 'second fresh'];

async function followUpAnswers(ask: Ask): Promise<void> {
  for (const set of half === 'tune' && !secondFreshOnly ? (['tune'] as const) : HELD_OUT_SETS) {
    const answers = await followUpResults(ask, set);
    console.log(`\nFollow-up questions (${FOLLOW_UP_SETS[set]}) about the checklist shown`);
    console.log(
      table(
        ['questions', 'first sentence states the asked fact', 'answers with "..." or a fragment'],
        [[answers.length, share(answers.filter((row) => row.leads).length, answers.length), share(answers.filter((row) => row.fragmentary).length, answers.length)]],
      ),
    );
    if (set !== 'tune') continue;
    for (const row of answers.filter((result) => !result.leads || result.fragmentary)) {
      console.log(`- ${row.question.id} ${row.question.question} [${row.leads ? 'leads' : 'does not lead'}${row.fragmentary ? ', fragmentary' : ''}]\n  ${row.answer.replace(/\n/g, ' ⏎ ').replace(/\s+/g, ' ').slice(0, 400)}`);
    }
  }
}

/**
 * The whole answer as the chat asks for it, against the standalone server: latency and support of
 * search + generate, checklist length for the clinical queries search ranks right, and follow-up answers.
 */
async function main(): Promise<void> {
  const server = await spawnService(resolve(repoRoot, 'services/standalone/dist/main.js'), { LOG_LEVEL: 'info' }, 120_000);
  try {
    const signup = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bench-${Date.now()}@cairn.test`, password: 'Bench-Passw0rd', displayName: 'Bench' }),
    });
    const token = ((await signup.json()) as { access_token: string }).access_token;
    const ask: Ask = (path, body) => post(`${server.url}${path}`, token, body);
    if (!followUpsOnly) {
      await latencyAndSupport(server.url, token);
      await checklistLengths(ask);
    }
    await followUpAnswers(ask);
  } finally {
    await server.stop();
  }
}

await main();
