import { useEffect, useState } from 'react';

/** docs/product-spec.md §9: error messages stay 3 seconds. */
export const MESSAGE_DISPLAY_MS = 3_000;

export function useTimedMessage(): [string | null, (message: string) => void] {
  // A new object per message restarts the 3 s even when the same text is shown twice in a row.
  const [message, setMessage] = useState<{ text: string } | null>(null);

  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(null), MESSAGE_DISPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  return [message?.text ?? null, (text) => setMessage({ text })];
}
