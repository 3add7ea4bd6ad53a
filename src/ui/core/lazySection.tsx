import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadSectionTexts } from '../../i18n/setup';
import { SectionBoundary } from './SectionBoundary';

/** Spec 9: a lazily loaded section that has not arrived after 120 s has failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(
    readonly section: string,
    cause: unknown,
  ) {
    super(`Section ${section} failed to load`, { cause });
    this.name = 'ChunkLoadError';
  }
}

export function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  onTimeout: () => Error,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A lazily loaded section (spec 2) with the chunk-load timeout. A failure shows the section's
 * error message with Retry; each retry makes a new React.lazy (React caches a rejected one),
 * so the loader really runs again. The sections' texts (src/i18n/setup.ts) come in parallel
 * with the chunk, unless `sectionTexts` is false (the home lobby: it needs none of them and is
 * on the first page's path).
 */
export function lazySection<Props extends object>(
  section: string,
  loadChunk: () => Promise<{ default: ComponentType<Props> }>,
  {
    sectionTexts = true,
    Loading,
  }: {
    sectionTexts?: boolean;
    /** Shown while the chunk loads, instead of the spinner (the home lobby's first banner). */
    Loading?: ComponentType;
  } = {},
): ComponentType<Props> & { preload(): Promise<void> } {
  const load = () =>
    Promise.all([loadChunk(), sectionTexts ? loadSectionTexts() : undefined]).then(
      ([chunk]) => chunk,
    );
  // The first attempt's load, when preload() started it before the section was drawn, and
  // its module once there: drawn then at once, with no Suspense round (no empty frame).
  let preloaded: Promise<{ default: ComponentType<Props> }> | null = null;
  let ready: { default: ComponentType<Props> } | null = null;
  const attempts = new Map<number, LazyExoticComponent<ComponentType<Props>>>();
  const lazyFor = (attempt: number) => {
    let component = attempts.get(attempt);
    if (!component) {
      component = lazy(() =>
        withTimeout(
          (attempt === 0 ? preloaded : null) ?? load(),
          CHUNK_LOAD_TIMEOUT_MS,
          () => new ChunkLoadError(section, 'timeout'),
        ).catch((error: unknown) => {
          throw error instanceof ChunkLoadError ? error : new ChunkLoadError(section, error);
        }),
      );
      attempts.set(attempt, component);
    }
    return component;
  };

  function Section(props: Props) {
    return (
      <SectionBoundary
        loading={Loading ? <Loading /> : undefined}
        render={(attempt) => {
          const Loaded = attempt === 0 && ready ? ready.default : lazyFor(attempt);
          return <Loaded {...props} />;
        }}
      />
    );
  }
  Section.displayName = `Section(${section})`;
  /**
   * Starts the download ahead (once), e.g. when data says the section will show soon; resolves
   * when it is there (never rejects: the section's first attempt reports a failure, if it comes).
   */
  Section.preload = (): Promise<void> => {
    if (!preloaded && !attempts.has(0)) {
      preloaded = load();
      preloaded.then(
        (module) => {
          ready = module;
        },
        () => undefined,
      );
    }
    return (preloaded ?? Promise.resolve()).then(
      () => undefined,
      () => undefined,
    );
  };
  return Section;
}
