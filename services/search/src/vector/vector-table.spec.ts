import { describe, expect, it } from '@jest/globals';
import { dot, seededVector } from './seeded-vectors.fixture.js';
import { VectorTable } from './vector-table.js';

const signDistance = (a: Float32Array, b: Float32Array) => a.reduce((distance, value, i) => distance + Number(value > 0 !== b[i] > 0), 0);

describe('VectorTable', () => {
  it.each([256, 100, 64, 3])('keeps rows across growth; gives sign-bit Hamming distances and dot products (%i dimensions)', (dims) => {
    const table = new VectorTable(dims, 2);
    const vectors = Array.from({ length: 300 }, (_, n) => seededVector(n + 1, dims));
    table.ensureCapacity(150);
    vectors.slice(0, 150).forEach((vector, row) => table.set(row, vector));
    table.ensureCapacity(300);
    vectors.slice(150).forEach((vector, row) => table.set(150 + row, vector));
    const query = seededVector(9999, dims);
    expect(Array.from(table.distances(query, vectors.length))).toEqual(vectors.map((vector) => signDistance(vector, query)));
    const rows = [299, 0, 150, 7, 7];
    const dots = Array.from(table.dots(query, rows));
    rows.forEach((row, i) => expect(dots[i]).toBeCloseTo(dot(vectors[row], query), 3));
    const distances = vectors.map((vector) => signDistance(vector, query));
    const nearest = Array.from(table.nearestBySketch(query, vectors.length, 20));
    const cutoff = Math.max(...nearest.map((row) => distances[row]));
    expect(nearest.length).toBeGreaterThanOrEqual(20);
    expect(nearest).toEqual(distances.flatMap((distance, row) => (distance <= cutoff ? [row] : [])));
    expect(distances.filter((distance) => distance < cutoff).length).toBeLessThan(20);
  });

  it('copies a row over another, and overwrites a row that is set again', () => {
    const table = new VectorTable(64, 4);
    const a = seededVector(1, 64);
    const b = seededVector(2, 64);
    table.set(0, a);
    table.set(1, b);
    table.copy(1, 0);
    table.set(1, a);
    expect(Array.from(table.distances(b, 2))).toEqual([0, signDistance(a, b)]);
    expect(table.dots(b, [0])[0]).toBeCloseTo(dot(b, b), 3);
  });
});
