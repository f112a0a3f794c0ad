import { useEffect, useLayoutEffect, useReducer, useRef, type RefObject } from 'react';
import { Icon } from '@cairn/frontend-shared';
import { BACK_ONLINE_BANNER_MS, nextConnectionBanner } from './connection-banner';

/** Full-height pages (the dashboard) subtract this so the banner never pushes their bottom off screen. */
function usePublishedHeight(element: RefObject<HTMLDivElement | null>, visible: boolean) {
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const forget = () => {
      root.removeProperty('--banner-height');
    };
    if (!visible || !element.current) return forget();
    root.setProperty('--banner-height', `${element.current.offsetHeight}px`);
    return forget;
  }, [element, visible]);
}

export function OfflineBanner() {
  const [banner, dispatch] = useReducer(nextConnectionBanner, undefined, () =>
    navigator.onLine ? 'hidden' : 'offline',
  );
  const element = useRef<HTMLDivElement>(null);
  usePublishedHeight(element, banner !== 'hidden');

  useEffect(() => {
    const offline = () => dispatch('offline');
    const online = () => dispatch('online');
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);

  useEffect(() => {
    if (banner !== 'back-online') return;
    const timer = window.setTimeout(() => dispatch('back-online-elapsed'), BACK_ONLINE_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [banner]);

  if (banner === 'hidden') return null;
  const offline = banner === 'offline';
  return (
    <div
      ref={element}
      className={offline ? 'connection-banner connection-banner--offline' : 'connection-banner connection-banner--online'}
      role="status"
    >
      <Icon name={offline ? 'wifi-off' : 'check'} />
      {offline ? "You're offline. Some features may not work." : "You're back online!"}
    </div>
  );
}
