import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { shuffle } from './random.mjs';

const sharedFloats = (count) => new Float32Array(new SharedArrayBuffer(count * 4));

/** Bags of weighted term ids as shared CSR arrays, so worker threads read them without copies. */
export function packBags(bags) {
  const indptr = new Int32Array(new SharedArrayBuffer((bags.length + 1) * 4));
  bags.forEach((bag, i) => { indptr[i + 1] = indptr[i] + bag.ids.length; });
  const ids = new Int32Array(new SharedArrayBuffer(indptr[bags.length] * 4)), weights = sharedFloats(indptr[bags.length]);
  bags.forEach((bag, i) => { ids.set(bag.ids, indptr[i]); weights.set(bag.weights, indptr[i]); });
  return { indptr, ids, weights, count: bags.length };
}

/** Writes the L2-normalised weighted sum of a bag's term vectors at out[offset..]; returns the norm before scaling. */
export function encodeBag(bags, row, termVectors, dimensions, out, offset) {
  const { ids, weights } = bags, end = bags.indptr[row + 1];
  for (let j = 0; j < dimensions; j++) out[offset + j] = 0;
  for (let p = bags.indptr[row]; p < end; p++) {
    const w = weights[p], r = ids[p] * dimensions;
    for (let j = 0; j < dimensions; j++) out[offset + j] += w * termVectors[r + j];
  }
  let norm = 0;
  for (let j = 0; j < dimensions; j++) norm += out[offset + j] * out[offset + j];
  norm = Math.sqrt(norm) || 1;
  for (let j = 0; j < dimensions; j++) out[offset + j] /= norm;
  return norm;
}

function dotUnrolled(a, b, offset, dimensions) {
  let x0 = 0, x1 = 0, x2 = 0, x3 = 0;
  for (let j = 0; j < dimensions; j += 4) {
    x0 += a[j] * b[offset + j];
    x1 += a[j + 1] * b[offset + j + 1];
    x2 += a[j + 2] * b[offset + j + 2];
    x3 += a[j + 3] * b[offset + j + 3];
  }
  return x0 + x1 + x2 + x3;
}

/** One worker's share of each training phase; shares are fixed ranges, so results do not depend on timing. */
function serveTrainingPhases(state) {
  const { dimensions, temperature, workerCount, workerIndex, learningRate, minProbability, docs, queries, termVectors, docVectors, docNorms } = state;
  const docCount = docs.count, vocabularySize = termVectors.length / dimensions;
  const scores = new Float32Array(docCount), query = new Float32Array(dimensions), queryGradient = new Float32Array(dimensions);
  const docGradientOut = state.docGradients[workerIndex], termGradientOut = state.termGradients[workerIndex];
  const share = (n) => [Math.floor((n * workerIndex) / workerCount), Math.floor((n * (workerIndex + 1)) / workerCount)];

  const scatterGradient = (bags, row, gradient, out) => {
    for (let p = bags.indptr[row]; p < bags.indptr[row + 1]; p++) {
      const w = bags.weights[p], r = bags.ids[p] * dimensions;
      for (let j = 0; j < dimensions; j++) out[r + j] += w * gradient[j];
    }
  };
  const throughNormalisation = (gradient, unit, gradientOffset, unitOffset, norm) => {
    let dot = 0;
    for (let j = 0; j < dimensions; j++) dot += gradient[gradientOffset + j] * unit[unitOffset + j];
    for (let j = 0; j < dimensions; j++) gradient[gradientOffset + j] = (gradient[gradientOffset + j] - dot * unit[unitOffset + j]) / norm;
  };

  const phases = {
    encodeDocs() {
      const [from, to] = share(docCount);
      for (let i = from; i < to; i++) docNorms[i] = encodeBag(docs, i, termVectors, dimensions, docVectors, i * dimensions);
    },
    scoreQueries({ batch, targets }) {
      docGradientOut.fill(0);
      termGradientOut.fill(0);
      const scale = 1 / (temperature * batch.length);
      let loss = 0;
      for (let b = workerIndex; b < batch.length; b += workerCount) {
        const queryNorm = encodeBag(queries, batch[b], termVectors, dimensions, query, 0);
        let max = -Infinity;
        for (let i = 0; i < docCount; i++) {
          scores[i] = dotUnrolled(query, docVectors, i * dimensions, dimensions) / temperature;
          if (scores[i] > max) max = scores[i];
        }
        let sum = 0;
        for (let i = 0; i < docCount; i++) { scores[i] = Math.exp(scores[i] - max); sum += scores[i]; }
        for (let i = 0; i < docCount; i++) scores[i] /= sum;
        for (const [i, target] of targets[b]) { loss -= target * Math.log(scores[i] + 1e-12); scores[i] -= target; }
        queryGradient.fill(0);
        for (let i = 0, o = 0; i < docCount; i++, o += dimensions) {
          const p = scores[i];
          if (p > -minProbability && p < minProbability) continue;
          const g = p * scale;
          for (let j = 0; j < dimensions; j++) { queryGradient[j] += g * docVectors[o + j]; docGradientOut[o + j] += g * query[j]; }
        }
        throughNormalisation(queryGradient, query, 0, 0, queryNorm);
        scatterGradient(queries, batch[b], queryGradient, termGradientOut);
      }
      return loss;
    },
    backpropDocs() {
      const [from, to] = share(docCount);
      const gradient = new Float32Array(dimensions);
      for (let i = from; i < to; i++) {
        const o = i * dimensions;
        for (let j = 0; j < dimensions; j++) {
          let g = 0;
          for (let w = 0; w < workerCount; w++) g += state.docGradients[w][o + j];
          gradient[j] = g;
        }
        throughNormalisation(gradient, docVectors, 0, o, docNorms[i]);
        scatterGradient(docs, i, gradient, termGradientOut);
      }
    },
    adamStep({ step }) {
      const beta1 = 0.9, beta2 = 0.999, correction1 = 1 - beta1 ** step, correction2 = 1 - beta2 ** step;
      const { firstMoment: m, secondMoment: v, termGradients } = state;
      const [from, to] = share(vocabularySize * dimensions);
      for (let i = from; i < to; i++) {
        let g = 0;
        for (let w = 0; w < workerCount; w++) g += termGradients[w][i];
        m[i] = beta1 * m[i] + (1 - beta1) * g;
        v[i] = beta2 * v[i] + (1 - beta2) * g * g;
        termVectors[i] -= (learningRate * (m[i] / correction1)) / (Math.sqrt(v[i] / correction2) + 1e-8);
      }
    },
  };
  parentPort.on('message', ({ phase, args }) => parentPort.postMessage(phases[phase](args) ?? 0));
}

if (!isMainThread && workerData?.dualEncoderState) serveTrainingPhases(workerData.dualEncoderState);

/**
 * Trains tied term vectors so that each training query's normalised bag embedding ranks its judged documents first:
 * softmax over the whole corpus at the given temperature, target mass proportional to the judgement weight.
 */
export async function trainDualEncoder({ initialVectors, dimensions, docs, queries, trainingQueries, epochs, batchSize, temperature, learningRate, minProbability, workerCount, random, onEpoch }) {
  const vocabularySize = initialVectors.length / dimensions;
  const termVectors = sharedFloats(vocabularySize * dimensions);
  termVectors.set(initialVectors);
  const state = {
    dimensions, temperature, workerCount, learningRate, minProbability, docs, queries, termVectors,
    docVectors: sharedFloats(docs.count * dimensions),
    docNorms: sharedFloats(docs.count),
    docGradients: Array.from({ length: workerCount }, () => sharedFloats(docs.count * dimensions)),
    termGradients: Array.from({ length: workerCount }, () => sharedFloats(vocabularySize * dimensions)),
    firstMoment: sharedFloats(vocabularySize * dimensions),
    secondMoment: sharedFloats(vocabularySize * dimensions),
  };
  const workers = Array.from({ length: workerCount }, (_, workerIndex) =>
    new Worker(new URL(import.meta.url), { workerData: { dualEncoderState: { ...state, workerIndex } } }));
  const runPhase = (phase, args) =>
    Promise.all(workers.map(worker => new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.postMessage({ phase, args });
    }).finally(() => worker.removeAllListeners('error'))));
  let step = 0;
  try {
    for (let epoch = 1; epoch <= epochs; epoch++) {
      const order = shuffle(trainingQueries.map((_, i) => i), random);
      let loss = 0;
      for (let start = 0; start < order.length; start += batchSize) {
        const chosen = order.slice(start, start + batchSize);
        await runPhase('encodeDocs');
        const losses = await runPhase('scoreQueries', { batch: chosen.map(i => trainingQueries[i].row), targets: chosen.map(i => trainingQueries[i].targets) });
        loss += losses.reduce((a, b) => a + b, 0);
        await runPhase('backpropDocs');
        await runPhase('adamStep', { step: ++step });
      }
      await onEpoch?.({ epoch, loss: loss / order.length, termVectors });
    }
  } finally {
    await Promise.all(workers.map(worker => worker.terminate()));
  }
  return termVectors;
}
