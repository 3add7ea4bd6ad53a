import type { Http } from '../api/http';
import type { SealedCalls } from '../api/sealedCalls';
import type { Services } from './services';

/**
 * What a feature module is built from (issue 29, "one way in"): the tab's HTTP client and its
 * sealed calls. Only the composition root (src/app) sees them; a view gets a feature's module
 * (`useFeature`) and the tab's stores (`useServices`), never the client.
 */
export interface Wiring {
  http: Http;
  sealed: SealedCalls;
  /** The brand's merchant code the calls carry now. */
  merchantCode(): string;
}

const wiringOf = new WeakMap<Services, Wiring>();

/** Called once by createServices: the services' feature modules are built over `wiring`. */
export function registerWiring(services: Services, wiring: Wiring): void {
  wiringOf.set(services, wiring);
}

/**
 * A feature's module: its commands (what a page asks the server to do) and queries (what a
 * page shows), built once per tab from the wiring and the tab's services the first time a view
 * asks for it. Its code is imported by the views that use it, so it comes with their chunk.
 */
export interface Feature<M> {
  (services: Services): M;
  readonly featureName: string;
}

const built = new WeakMap<Services, Map<string, unknown>>();

function modulesOf(services: Services): Map<string, unknown> {
  let modules = built.get(services);
  if (!modules) {
    modules = new Map();
    built.set(services, modules);
  }
  return modules;
}

export function defineFeature<M>(
  name: string,
  build: (wiring: Wiring, services: Services) => M,
): Feature<M> {
  const feature = (services: Services): M => {
    const modules = modulesOf(services);
    if (modules.has(name)) return modules.get(name) as M;
    const wiring = wiringOf.get(services);
    if (!wiring) throw new Error(`feature ${name}: these services were not made by createServices`);
    const module = build(wiring, services);
    modules.set(name, module);
    return module;
  };
  return Object.assign(feature, { featureName: name });
}

/**
 * Puts `module` in place of `feature`'s for `services` (tests: a page rendered with a fake
 * promotions module, without an HTTP client).
 */
export function provideFeature<M>(services: Services, feature: Feature<M>, module: M): void {
  modulesOf(services).set(feature.featureName, module);
}
