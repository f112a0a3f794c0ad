import { csrFromRows, randomizedSvd } from './linalg.mjs';

/** Distance-weighted co-occurrence counts within a symmetric window, one Map per vocabulary row. */
function cooccurrences(texts, vocabulary, window) {
  const rows = Array.from({ length: vocabulary.size }, () => new Map());
  for (const tokens of texts) {
    const ids = tokens.map(token => vocabulary.get(token) ?? -1);
    for (let i = 0; i < ids.length; i++) {
      if (ids[i] < 0) continue;
      for (let j = i + 1; j <= Math.min(ids.length - 1, i + window); j++) {
        if (ids[j] < 0) continue;
        const weight = 1 / (j - i);
        rows[ids[i]].set(ids[j], (rows[ids[i]].get(ids[j]) ?? 0) + weight);
        rows[ids[j]].set(ids[i], (rows[ids[j]].get(ids[i]) ?? 0) + weight);
      }
    }
  }
  return rows;
}

/** Positive PMI with context-distribution smoothing (Levy, Goldberg & Dagan 2015). */
function positivePmi(rows, smoothing) {
  const rowTotals = rows.map(row => [...row.values()].reduce((a, b) => a + b, 0));
  const total = rowTotals.reduce((a, b) => a + b, 0);
  const smoothedContext = rowTotals.map(count => count ** smoothing);
  const smoothedTotal = smoothedContext.reduce((a, b) => a + b, 0);
  return rows.map((row, w) => {
    const positive = new Map();
    for (const [c, count] of row) {
      const pmi = Math.log((count / total) / ((rowTotals[w] / total) * (smoothedContext[c] / smoothedTotal)));
      if (pmi > 0) positive.set(c, pmi);
    }
    return positive;
  });
}

/** PPMI + truncated SVD word vectors (rows × dimensions), singular values raised to `eigenvalueWeight`. */
export function trainWordVectors(texts, vocabulary, { dimensions, window, smoothing, eigenvalueWeight, seed }) {
  const ppmi = csrFromRows(positivePmi(cooccurrences(texts, vocabulary, window), smoothing), vocabulary.size);
  const { U, S } = randomizedSvd(ppmi, dimensions, { seed });
  const vectors = new Float32Array(vocabulary.size * dimensions);
  for (let r = 0; r < vocabulary.size; r++) {
    for (let c = 0; c < dimensions; c++) vectors[r * dimensions + c] = U[r * dimensions + c] * S[c] ** eigenvalueWeight;
  }
  return { vectors, nonZeros: ppmi.indptr[ppmi.rows] };
}
