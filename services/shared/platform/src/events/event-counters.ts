import { Counter, type Registry } from 'prom-client';

/** What the event bus counts: Prometheus counters in a service, nothing in a unit test. */
export interface EventCounters {
  published(topic: string): void;
  handled(topic: string, group: string): void;
  duplicate(topic: string, group: string): void;
  failed(topic: string, group: string): void;
  deadLettered(topic: string, group: string): void;
}

export const uncounted: EventCounters = {
  published: () => undefined,
  handled: () => undefined,
  duplicate: () => undefined,
  failed: () => undefined,
  deadLettered: () => undefined,
};

export function prometheusEventCounters(registry: Registry): EventCounters {
  const counter = (name: string, help: string, labelNames: string[]) => new Counter({ name, help, labelNames, registers: [registry] });
  const published = counter('cairn_events_published_total', 'Events this process published, by topic', ['topic']);
  const handled = counter('cairn_events_handled_total', 'Events a consumer group of this process handled', ['topic', 'group']);
  const duplicates = counter('cairn_events_duplicates_total', 'Redelivered events skipped because their id was handled already', ['topic', 'group']);
  const failures = counter('cairn_events_handler_failures_total', 'Handler failures (each is retried)', ['topic', 'group']);
  const deadLettered = counter('cairn_events_dead_lettered_total', 'Events moved to <topic>.dlq', ['topic', 'group']);
  return {
    published: (topic) => published.inc({ topic }),
    handled: (topic, group) => handled.inc({ topic, group }),
    duplicate: (topic, group) => duplicates.inc({ topic, group }),
    failed: (topic, group) => failures.inc({ topic, group }),
    deadLettered: (topic, group) => deadLettered.inc({ topic, group }),
  };
}
