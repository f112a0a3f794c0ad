import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { spawnService } from '@cairn/testing';
import { repoRoot } from './datasets.js';
import { mean, table } from './metrics.js';

interface ClinicalQuery {
  query: string;
  kind: string;
  topic: string;
  relevant: string[];
  split: 'tune' | 'test';
}

const CUTOFF = 10;
const RECALL_AT = 8;

export const loadClinicalQueries = (): ClinicalQuery[] =>
  (JSON.parse(readFileSync(resolve(repoRoot, 'bench/data/clinical-queries.json'), 'utf8')) as { queries: ClinicalQuery[] }).queries;

/** The distinct documents of a ranking, best first: `who/dengue-warning-signs-management#3` → `who/dengue-warning-signs-management.md`. */
const documentsOf = (hitIds: string[]) => [...new Set(hitIds.map((id) => `${id.split('#')[0]}.md`))];

function ndcg(ranked: string[], relevant: Set<string>): number {
  const dcg = ranked.slice(0, CUTOFF).reduce((sum, doc, rank) => sum + (relevant.has(doc) ? 1 / Math.log2(rank + 2) : 0), 0);
  const ideal = Array.from({ length: Math.min(relevant.size, CUTOFF) }, (_, rank) => 1 / Math.log2(rank + 2)).reduce((a, b) => a + b, 0);
  return ideal ? dcg / ideal : 0;
}

/** Held-out clinician queries against the starter corpus on the standalone server, through `POST /api/protocols/search`. */
async function main(): Promise<void> {
  const queries = loadClinicalQueries();
  const server = await spawnService(resolve(repoRoot, 'services/standalone/dist/main.js'));
  try {
    const account = (await (
      await fetch(`${server.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `bench-${Date.now()}@ward.org`, password: 'Sup3rSecret', displayName: 'Bench' }),
      })
    ).json()) as { access_token: string; user: { uid: string } };
    const search = async (query: string, hybrid: boolean) => {
      const url = `${server.url}/api/protocols/search?use_hybrid=${hybrid}&enhance_query=true&search_mode=global_only&user_id=${account.user.uid}`;
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${account.access_token}` }, body: JSON.stringify({ query, size: 20 }) });
      const body = (await response.json()) as { hits: { id: string }[] };
      return documentsOf(body.hits.map((hit) => hit.id));
    };
    const rows: (string | number)[][] = [];
    const misses: string[] = [];
    for (const split of ['tune', 'test'] as const) {
      for (const [label, hybrid] of [['keyword', false], ['hybrid', true]] as const) {
        const top1: number[] = [];
        const ndcgs: number[] = [];
        const recalls: number[] = [];
        for (const query of queries.filter((candidate) => candidate.split === split)) {
          const ranked = await search(query.query, hybrid);
          const relevant = new Set(query.relevant);
          top1.push(relevant.has(ranked[0]) ? 1 : 0);
          ndcgs.push(ndcg(ranked, relevant));
          recalls.push(ranked.slice(0, RECALL_AT).filter((doc) => relevant.has(doc)).length / relevant.size);
          if (split === 'tune' && hybrid && !relevant.has(ranked[0]) && process.argv.includes('--misses')) misses.push(`${query.kind}: ${query.query} → ${ranked[0]}`);
        }
        rows.push([split, label, `${(100 * mean(top1)).toFixed(1)} %`, mean(ndcgs).toFixed(4), mean(recalls).toFixed(4), top1.length]);
      }
    }
    console.log(`Held-out clinical queries (bench/data/clinical-queries.json) on the starter corpus, documents ranked by their best chunk`);
    console.log(table(['half', 'retrieval', 'top-1', `nDCG@${CUTOFF}`, `Recall@${RECALL_AT}`, 'queries'], rows));
    if (misses.length) console.log(`tune misses (hybrid):\n${misses.join('\n')}`);
  } finally {
    await server.stop();
  }
}

await main();
