import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { prometheusEventCounters, type EventCounters } from '../events/event-counters.js';

/** The process's Prometheus registry with default metrics, HTTP request timings and event counts. */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly events: EventCounters;
  /** 1 while a readiness check (a backend) answers, 0 while it fails: readiness alone no longer shows a shared backend's outage. */
  readonly readinessCheckUp: Gauge<'check'>;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'cairn_' });
    this.httpDuration = new Histogram({
      name: 'cairn_http_request_duration_seconds',
      help: 'HTTP request duration by route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10, 45],
      registers: [this.registry],
    });
    this.events = prometheusEventCounters(this.registry);
    this.readinessCheckUp = new Gauge({
      name: 'cairn_readiness_check_up',
      help: 'Whether a readiness check (a backend of this process) answered at the last probe',
      labelNames: ['check'],
      registers: [this.registry],
    });
  }
}
