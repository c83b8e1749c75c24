/**
 * The preload's API, typed by the shared contract. The renderer imports the contract's types
 * only: the schemas (and valibot) stay in main and preload.
 */
import type { TeamtrayApi } from '../common/contract';

declare global {
  interface Window {
    readonly teamtray?: TeamtrayApi;
  }
}

/** Null when the page runs without the preload (opened in a plain browser). */
export function findApi(): TeamtrayApi | null {
  return window.teamtray ?? null;
}
