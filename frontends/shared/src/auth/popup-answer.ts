import { AuthError } from './auth-client';

const CLOSED_POLL_MS = 250;
/** A popup that closes itself right after posting its answer is seen closed before that message arrives. */
const CLOSED_GRACE_MS = 1_000;

/**
 * Waits for the first message from `popup` on this origin that `read` accepts (a value, or an AuthError
 * to reject with); a popup closed without one, past the grace period, is a cancelled sign-in.
 */
export function popupAnswer<T>(popup: Window, read: (data: unknown) => T | AuthError | null, host: Window = window): Promise<T> {
  return new Promise((resolve, reject) => {
    const finish = () => {
      host.removeEventListener('message', onMessage);
      host.clearInterval(closedPoll);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== host.location.origin || event.source !== popup) return;
      const answer = read(event.data);
      if (answer === null) return;
      finish();
      popup.close();
      if (answer instanceof AuthError) reject(answer);
      else resolve(answer);
    };
    let closedSince: number | null = null;
    const closedPoll = host.setInterval(() => {
      if (!popup.closed) return;
      closedSince ??= Date.now();
      if (Date.now() - closedSince < CLOSED_GRACE_MS) return;
      finish();
      reject(new AuthError('cancelled', 'The sign-in popup was closed'));
    }, CLOSED_POLL_MS);
    host.addEventListener('message', onMessage);
  });
}
