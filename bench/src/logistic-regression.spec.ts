import { describe, expect, it } from '@jest/globals';
import { fitLogistic, predict } from './logistic-regression.js';

describe('fitLogistic', () => {
  it('recovers the weights that generated the labels', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    const inputs = Array.from({ length: 4000 }, () => [random(), random()]);
    const labels = inputs.map(([a, b]) => (random() < 1 / (1 + Math.exp(-(6 * a - 3 - 0 * b))) ? 1 : 0));
    const model = fitLogistic(inputs, labels, inputs.map(() => 1), 0);
    const slope = model.weights[0] / model.scales[0];
    expect(slope).toBeGreaterThan(5);
    expect(slope).toBeLessThan(7);
    expect(Math.abs(model.weights[1])).toBeLessThan(0.15);
    expect(predict(model, [0.5, 0.2])).toBeCloseTo(0.5, 1);
  });

  it('weighs samples: a doubled weight counts as the sample twice', () => {
    const inputs = [[0], [1], [0.4], [0.6], [0.5]];
    const twice = fitLogistic([...inputs, [0.5]], [0, 1, 0, 1, 1, 1], [1, 1, 1, 1, 1, 1], 0.1);
    const weighted = fitLogistic(inputs, [0, 1, 0, 1, 1], [1, 1, 1, 1, 2], 0.1);
    expect(predict(weighted, [0.5])).toBeCloseTo(predict(twice, [0.5]), 6);
  });
});
