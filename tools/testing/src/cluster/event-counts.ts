export interface EventCounts {
  published: number;
  handled: number;
  duplicates: number;
  handlerFailures: number;
  deadLettered: number;
}

const METRICS: Record<keyof EventCounts, string> = {
  published: 'cairn_events_published_total',
  handled: 'cairn_events_handled_total',
  duplicates: 'cairn_events_duplicates_total',
  handlerFailures: 'cairn_events_handler_failures_total',
  deadLettered: 'cairn_events_dead_lettered_total',
};

export const noEvents = (): EventCounts => ({ published: 0, handled: 0, duplicates: 0, handlerFailures: 0, deadLettered: 0 });

export function addCounts(a: EventCounts, b: EventCounts): EventCounts {
  return Object.fromEntries(Object.keys(METRICS).map((key) => [key, a[key as keyof EventCounts] + b[key as keyof EventCounts]])) as unknown as EventCounts;
}

/** The event counters of one service's `/metrics`, summed over their labels. */
export async function scrapeEventCounts(serviceUrl: string): Promise<EventCounts> {
  const text = await (await fetch(`${serviceUrl}/metrics`)).text();
  const counts = noEvents();
  for (const line of text.split('\n')) {
    for (const [key, metric] of Object.entries(METRICS)) {
      if (line.startsWith(`${metric}{`) || line.startsWith(`${metric} `)) counts[key as keyof EventCounts] += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return counts;
}
