import { useEffect, useRef } from 'react';
import { cairnEvents, type CairnEvents } from './cairn-events';

/** Listens to one event of the app channel for the component's lifetime; the latest `listener` is called. */
export function useCairnEvent<K extends keyof CairnEvents>(type: K, listener: (payload: CairnEvents[K]) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => cairnEvents.on(type, (payload) => latest.current(payload)), [type]);
}
