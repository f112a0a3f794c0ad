import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LAZY_PLACEHOLDER_HEIGHT, LAZY_ROOT_MARGIN } from './long-conversation';

/** Renders its message once it comes within 200 px of the view (a 100 px placeholder until then), then keeps it. */
export function LazyMessage({ root, children }: { root: HTMLElement | null; children: ReactNode }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const element = placeholder.current;
    if (shown || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setShown(true), { root, rootMargin: LAZY_ROOT_MARGIN });
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown, root]);

  if (shown) return <>{children}</>;
  return <div ref={placeholder} className="message-placeholder" style={{ height: LAZY_PLACEHOLDER_HEIGHT }} aria-hidden="true" />;
}
