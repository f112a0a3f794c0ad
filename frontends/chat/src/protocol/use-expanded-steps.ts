import { useCallback, useSyncExternalStore } from 'react';
import { expandedSteps } from './expanded-steps';

export function useExpandedSteps(protocolKey: string): [ReadonlySet<string>, (stepId: string) => void, (stepId: string) => void] {
  const expanded = useSyncExternalStore(expandedSteps.subscribe, () => expandedSteps.expanded(protocolKey));
  const toggle = useCallback((stepId: string) => expandedSteps.toggle(protocolKey, stepId), [protocolKey]);
  const expand = useCallback((stepId: string) => expandedSteps.expand(protocolKey, stepId), [protocolKey]);
  return [expanded, toggle, expand];
}
