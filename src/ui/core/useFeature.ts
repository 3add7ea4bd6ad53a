import type { Feature } from '../../app/feature';
import { useServices } from './ServicesContext';

/**
 * A feature's module (src/app/features: its commands and queries) for this tab, built the first
 * time a view asks (issue 29, "one way in"). A view sends commands and reads queries through it
 * and reads the tab's stores through `useServices()`; it never holds an API client.
 */
export function useFeature<M>(feature: Feature<M>): M {
  return feature(useServices());
}
