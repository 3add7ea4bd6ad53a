/**
 * Upline–downline contracts (spec 3, 4, 6): the terms and the supersede rule (`terms.ts`), the
 * lifecycle machine the pages offer and the server enforces (`lifecycle.ts`), and who may send
 * which of its events (`roles.ts`), and the operator's limits on what they pay (`limits.ts`).
 */
export * from './terms';
export * from './lifecycle';
export * from './roles';
export * from './limits';
