/** A logistic model on standardised inputs: the mean and spread of each input, its weights and bias. */
export interface LogisticModel {
  means: number[];
  scales: number[];
  weights: number[];
  bias: number;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

export function predict(model: LogisticModel, inputs: number[]): number {
  let logit = model.bias;
  inputs.forEach((value, index) => (logit += model.weights[index] * ((value - model.means[index]) / model.scales[index])));
  return sigmoid(logit);
}

/** Solves A x = b by Gaussian elimination with partial pivoting (A is small and symmetric positive definite here). */
function solve(matrix: number[][], vector: number[]): number[] {
  const n = vector.length;
  const a = matrix.map((row, i) => [...row, vector[i]]);
  for (let column = 0; column < n; column++) {
    let pivot = column;
    for (let row = column + 1; row < n; row++) if (Math.abs(a[row][column]) > Math.abs(a[pivot][column])) pivot = row;
    [a[column], a[pivot]] = [a[pivot], a[column]];
    for (let row = column + 1; row < n; row++) {
      const factor = a[row][column] / a[column][column];
      for (let k = column; k <= n; k++) a[row][k] -= factor * a[column][k];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let row = n - 1; row >= 0; row--) {
    let sum = a[row][n];
    for (let k = row + 1; k < n; k++) sum -= a[row][k] * x[k];
    x[row] = sum / a[row][row];
  }
  return x;
}

/**
 * Weighted logistic regression with an L2 penalty on the weights (not the bias), fitted by Newton's
 * method on inputs standardised to mean 0 and spread 1.
 */
export function fitLogistic(inputs: number[][], labels: number[], sampleWeights: number[], l2 = 1e-2, iterations = 50): LogisticModel {
  const features = inputs[0]?.length ?? 0;
  const total = sampleWeights.reduce((sum, weight) => sum + weight, 0);
  const means = Array.from({ length: features }, (_, j) => inputs.reduce((sum, row, i) => sum + sampleWeights[i] * row[j], 0) / total);
  const scales = means.map((mean, j) => Math.sqrt(inputs.reduce((sum, row, i) => sum + sampleWeights[i] * (row[j] - mean) ** 2, 0) / total) || 1);
  const design = inputs.map((row) => [1, ...row.map((value, j) => (value - means[j]) / scales[j])]);
  let theta = new Array<number>(features + 1).fill(0);
  for (let step = 0; step < iterations; step++) {
    const gradient = new Array<number>(features + 1).fill(0);
    const hessian = Array.from({ length: features + 1 }, () => new Array<number>(features + 1).fill(0));
    design.forEach((x, i) => {
      const p = sigmoid(x.reduce((sum, value, j) => sum + value * theta[j], 0));
      const w = sampleWeights[i] / total;
      for (let j = 0; j <= features; j++) {
        gradient[j] += w * (p - labels[i]) * x[j];
        for (let k = 0; k <= features; k++) hessian[j][k] += w * p * (1 - p) * x[j] * x[k];
      }
    });
    for (let j = 1; j <= features; j++) {
      gradient[j] += l2 * theta[j];
      hessian[j][j] += l2;
    }
    const delta = solve(hessian, gradient);
    theta = theta.map((value, j) => value - delta[j]);
    if (Math.max(...delta.map(Math.abs)) < 1e-9) break;
  }
  return { means, scales, weights: theta.slice(1), bias: theta[0] };
}
