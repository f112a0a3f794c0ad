const NONE: ReadonlySet<string> = new Set();

export interface ExpandedStepsStore {
  expanded(protocolKey: string): ReadonlySet<string>;
  toggle(protocolKey: string, stepId: string): void;
  /** Opens a step (a no-op when it is open). */
  expand(protocolKey: string, stepId: string): void;
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
    expand(protocolKey, stepId) {
      if (byProtocol.get(protocolKey)?.has(stepId)) return;
      this.toggle(protocolKey, stepId);
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
