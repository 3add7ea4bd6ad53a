import { useEffect, useRef, useState } from 'react';
import { Icon } from '../components/Icon';

type Phase = 'waiting' | 'loading' | 'retrying' | 'failed' | 'loaded';

/**
 * An image that loads when a tenth of it comes into view (spec 4: threshold 0.1), retries once
 * on error, and shows a placeholder when it still fails or has no source.
 */
export function LazyImage({
  src,
  alt,
  className,
  priority = false,
}: {
  src: string | null;
  alt: string;
  className?: string;
  /** In the first screen (a grid's first row): fetched at once, with high priority. */
  priority?: boolean;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>(
    !src
      ? 'failed'
      : priority || typeof IntersectionObserver === 'undefined'
        ? 'loading'
        : 'waiting',
  );
  useEffect(() => {
    const element = holder.current;
    if (!element || phase !== 'waiting') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setPhase('loading');
          observer.disconnect();
        }
      },
      { threshold: 0.1 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [phase]);

  return (
    <div ref={holder} className={`lazy-image ${className ?? ''}`} data-phase={phase}>
      {src && (phase === 'loading' || phase === 'retrying' || phase === 'loaded') ? (
        <img
          // A new key remounts the <img>, which is how the one retry fetches again.
          key={phase === 'retrying' ? 'retry' : 'first'}
          src={phase === 'retrying' ? `${src}${src.includes('?') ? '&' : '?'}retry=1` : src}
          alt={alt}
          fetchPriority={priority ? 'high' : undefined}
          onLoad={() => setPhase('loaded')}
          onError={() => setPhase((current) => (current === 'loading' ? 'retrying' : 'failed'))}
        />
      ) : (
        <span
          className="image-placeholder"
          // A decorative picture (alt "") has a decorative placeholder too.
          {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        >
          {phase === 'failed' ? <Icon name="games" size={32} /> : null}
        </span>
      )}
    </div>
  );
}
