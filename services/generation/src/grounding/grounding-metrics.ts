import { Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { Metrics } from '@cairn/platform';
import { groundingOutcomes, type GroundingReport } from './grounding-check.js';

/** `cairn_generated_steps_total{generator,outcome}`: every grounded step, from the chat and from uploads alike. */
@Injectable()
export class GroundingMetrics {
  private readonly steps: Counter<'generator' | 'outcome'>;

  constructor(metrics: Metrics) {
    this.steps = new Counter({
      name: 'cairn_generated_steps_total',
      help: 'Generated checklist steps by grounding outcome (supported, recited, dropped_<reason>: unsupported, polarity, quantity, frequency, population)',
      labelNames: ['generator', 'outcome'],
      registers: [metrics.registry],
    });
  }

  record(generator: string, report: GroundingReport): void {
    for (const [outcome, count] of Object.entries(groundingOutcomes(report))) this.steps.inc({ generator, outcome }, count);
  }
}
