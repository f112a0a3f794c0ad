import { gaussian, mulberry32 } from './random.mjs';

/** Sparse rows (Map column → value per row) to CSR; dense matrices elsewhere are row-major Float64Array. */
export function csrFromRows(rows, columnCount) {
  const indptr = new Int32Array(rows.length + 1);
  rows.forEach((row, r) => { indptr[r + 1] = indptr[r] + row.size; });
  const indices = new Int32Array(indptr[rows.length]), values = new Float64Array(indptr[rows.length]);
  rows.forEach((row, r) => {
    let p = indptr[r];
    for (const column of [...row.keys()].sort((a, b) => a - b)) { indices[p] = column; values[p] = row.get(column); p++; }
  });
  return { rows: rows.length, cols: columnCount, indptr, indices, values };
}

function multiply(A, X, k) {
  const Y = new Float64Array(A.rows * k);
  for (let r = 0; r < A.rows; r++) {
    const yo = r * k;
    for (let p = A.indptr[r]; p < A.indptr[r + 1]; p++) {
      const v = A.values[p], xo = A.indices[p] * k;
      for (let j = 0; j < k; j++) Y[yo + j] += v * X[xo + j];
    }
  }
  return Y;
}

function multiplyTransposed(A, X, k) {
  const Y = new Float64Array(A.cols * k);
  for (let r = 0; r < A.rows; r++) {
    const xo = r * k;
    for (let p = A.indptr[r]; p < A.indptr[r + 1]; p++) {
      const v = A.values[p], yo = A.indices[p] * k;
      for (let j = 0; j < k; j++) Y[yo + j] += v * X[xo + j];
    }
  }
  return Y;
}

function choleskyQrPass(Y, n, k) {
  const G = new Float64Array(k * k);
  for (let r = 0; r < n; r++) {
    const o = r * k;
    for (let i = 0; i < k; i++) {
      const yi = Y[o + i];
      if (yi !== 0) for (let j = i; j < k; j++) G[i * k + j] += yi * Y[o + j];
    }
  }
  const L = new Float64Array(k * k);
  for (let j = 0; j < k; j++) {
    let d = G[j * k + j];
    for (let p = 0; p < j; p++) d -= L[j * k + p] ** 2;
    const ljj = Math.sqrt(Math.max(d, 1e-12));
    L[j * k + j] = ljj;
    for (let i = j + 1; i < k; i++) {
      let s = G[j * k + i];
      for (let p = 0; p < j; p++) s -= L[i * k + p] * L[j * k + p];
      L[i * k + j] = s / ljj;
    }
  }
  for (let r = 0; r < n; r++) {
    const o = r * k;
    for (let j = 0; j < k; j++) {
      let s = Y[o + j];
      for (let p = 0; p < j; p++) s -= Y[o + p] * L[j * k + p];
      Y[o + j] = s / L[j * k + j];
    }
  }
}

/** Orthonormal columns by CholeskyQR2 (two passes keep it accurate for ill-conditioned blocks). */
function orthonormalize(Y, n, k) {
  choleskyQrPass(Y, n, k);
  choleskyQrPass(Y, n, k);
  return Y;
}

/** Cyclic Jacobi; returns eigenvalues in decreasing order with matching eigenvector columns. */
function symmetricEigen(A, n) {
  const a = Float64Array.from(A), v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q] ** 2;
    if (off < 1e-22) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q];
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q * n + q] - a[p * n + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1), s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p], akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k], aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p], vkq = v[k * n + q];
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = [...Array(n).keys()].sort((i, j) => a[j * n + j] - a[i * n + i]);
  return { values: order.map(i => a[i * n + i]), vectors: v, order };
}

/** Halko–Martinsson–Tropp randomized SVD; returns the top-k left singular vectors U (rows × k) and values S. */
export function randomizedSvd(A, k, { oversample = 20, powerIterations = 2, seed = 1 } = {}) {
  const l = k + oversample, random = mulberry32(seed);
  const omega = new Float64Array(A.cols * l);
  for (let i = 0; i < omega.length; i++) omega[i] = gaussian(random);
  let Y = orthonormalize(multiply(A, omega, l), A.rows, l);
  for (let it = 0; it < powerIterations; it++) {
    const Z = orthonormalize(multiplyTransposed(A, Y, l), A.cols, l);
    Y = orthonormalize(multiply(A, Z, l), A.rows, l);
  }
  const Bt = multiplyTransposed(A, Y, l);
  const G = new Float64Array(l * l);
  for (let r = 0; r < A.cols; r++) {
    const o = r * l;
    for (let i = 0; i < l; i++) {
      const bi = Bt[o + i];
      if (bi !== 0) for (let j = i; j < l; j++) G[i * l + j] += bi * Bt[o + j];
    }
  }
  for (let i = 0; i < l; i++) for (let j = 0; j < i; j++) G[i * l + j] = G[j * l + i];
  const { values, vectors, order } = symmetricEigen(G, l);
  const S = new Float64Array(k), U = new Float64Array(A.rows * k);
  for (let c = 0; c < k; c++) {
    S[c] = Math.sqrt(Math.max(values[c], 0));
    const column = Float64Array.from({ length: l }, (_, i) => vectors[i * l + order[c]]);
    for (let r = 0; r < A.rows; r++) {
      let s = 0;
      for (let i = 0; i < l; i++) s += Y[r * l + i] * column[i];
      U[r * k + c] = s;
    }
  }
  return { U, S };
}
