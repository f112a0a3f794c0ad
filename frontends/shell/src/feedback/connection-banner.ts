export const BACK_ONLINE_BANNER_MS = 3_000;

export type ConnectionBanner = 'hidden' | 'offline' | 'back-online';
export type ConnectionEvent = 'offline' | 'online' | 'back-online-elapsed';

/** Red bar while offline; on return a green bar for 3 s, then nothing. */
export function nextConnectionBanner(current: ConnectionBanner, event: ConnectionEvent): ConnectionBanner {
  switch (event) {
    case 'offline':
      return 'offline';
    case 'online':
      return current === 'offline' ? 'back-online' : current;
    case 'back-online-elapsed':
      return current === 'back-online' ? 'hidden' : current;
  }
}
