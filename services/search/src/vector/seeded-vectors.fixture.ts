/** A reproducible pseudo-random vector with components in [-1, 1], for tests. */
export function seededVector(seed: number, dims: number): Float32Array {
  const vector = new Float32Array(dims);
  for (let i = 0; i < dims; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) | 0;
    vector[i] = ((seed >>> 8) % 2001) / 1000 - 1;
  }
  return vector;
}

/** seededVector scaled to unit length. */
export function seededUnitVector(seed: number, dims: number): Float32Array {
  const vector = seededVector(seed, dims);
  const norm = Math.hypot(...vector);
  return vector.map((value) => value / norm);
}

export const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, i) => sum + value * b[i], 0);
