import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Reveals an element once it is 150 px inside the viewport, not as its first pixel shows. */
const REVEAL_MARGIN = '0px 0px -150px 0px';

/**
 * Fades its children in when they scroll 150 px into view. Without IntersectionObserver, or
 * with reduced motion asked for, the content is simply shown.
 */
export function Reveal({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const element = ref.current;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (!element || reduced || typeof IntersectionObserver === 'undefined') {
      setShown(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { rootMargin: REVEAL_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={ref}
      className={['reveal', shown ? 'reveal--shown' : '', className].filter(Boolean).join(' ')}
    >
      {children}
    </div>
  );
}
