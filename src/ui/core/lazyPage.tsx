import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { ChunkLoadError } from './lazySection';

/** How many times a section's Retry was pressed (SectionBoundary): a failed page loads anew. */
let retries = 0;

/** Called by the sections' Retry: the pages that failed to load try again on their next render. */
export function retryFailedPages(): void {
  retries += 1;
}

/**
 * A part of a section that is loaded when first shown (a member-centre page). A failed load is
 * reported as the section's chunk failing (the section's message, with Retry and Reload). React
 * keeps a lazy component's failed load for good, so after the section's Retry the page makes a
 * fresh one: the part really loads again, as the section does. Not before: a fresh load on each
 * render would ask the network again and again while it is down.
 */
export function lazyPage<Props extends object>(
  section: string,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  let failedAt: number | null = null;
  const make = (): LazyExoticComponent<ComponentType<Props>> =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          failedAt = retries;
          throw new ChunkLoadError(section, error);
        },
      ),
    );
  let current = make();
  function Page(props: Props) {
    if (failedAt !== null && retries > failedAt) {
      failedAt = null;
      current = make();
    }
    const Loaded = current;
    return <Loaded {...props} />;
  }
  Page.displayName = `Page(${section})`;
  return Page;
}
