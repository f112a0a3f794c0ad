const NONE: ReadonlySet<string> = new Set();

export interface ExpandedStepsStore {
  expanded(protocolKey: string): ReadonlySet<string>;
  toggle(protocolKey: string, stepId: string): void;
  subscribe(listener: () => void): () => void;
}

/** Which steps of each protocol are open; kept outside the cards so it outlives their re-renders and remounts. */
export function createExpandedStepsStore(): ExpandedStepsStore {
  const byProtocol = new Map<string, ReadonlySet<string>>();
  const listeners = new Set<() => void>();
  return {
    expanded: (protocolKey) => byProtocol.get(protocolKey) ?? NONE,
    toggle(protocolKey, stepId) {
      const next = new Set(byProtocol.get(protocolKey));
      if (!next.delete(stepId)) next.add(stepId);
      byProtocol.set(protocolKey, next);
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const expandedSteps = createExpandedStepsStore();
