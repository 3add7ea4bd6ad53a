/**
 * `use-sync-external-store/shim` for a React that has the hook (18 and later): @xstate/react
 * and react-i18next import the shim, which otherwise ships its pre-18 fallback (about 0.7 KB)
 * into the first download (vite.config.ts aliases it here).
 */
export { useSyncExternalStore } from 'react';
