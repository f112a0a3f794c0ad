/** nDCG@k with gain = grade (pytrec_eval's convention) for one ranked list. */
export function ndcgAt(ranked: string[], judgements: Map<string, number>, k = 10): number {
  const dcg = ranked.slice(0, k).reduce((sum, id, i) => sum + (judgements.get(id) ?? 0) / Math.log2(i + 2), 0);
  const ideal = [...judgements.values()]
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, grade, i) => sum + grade / Math.log2(i + 2), 0);
  return ideal > 0 ? dcg / ideal : 0;
}

/** Share of the judged-relevant documents found in the first k. */
export function recallAt(ranked: string[], judgements: Map<string, number>, k = 100): number {
  const relevant = [...judgements].filter(([, grade]) => grade > 0).map(([id]) => id);
  if (relevant.length === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  return relevant.filter((id) => top.has(id)).length / relevant.length;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function mean(values: number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(cells[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.slice(1).map(line)].join('\n');
}
