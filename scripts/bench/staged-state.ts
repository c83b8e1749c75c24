/**
 * The structured-clone transport of the first getState (issue 15), closer to Electron's IPC:
 * there main serializes its answer in its own process, the bytes cross over Mojo, and the page
 * only deserializes them on its main thread. Here the answer is put into the page's IndexedDB
 * before the measured load (by a blank page of the same origin, ./renderer-server.ts's
 * STAGE_PAGE), and preload's first getState reads it back (./bridge-page.ts): the storage
 * service hands the page the serialized bytes and reading the value deserializes them, on the
 * page's thread.
 *
 * Staged as an init script, the answer's text was compiled, parsed and cloned on the page's main
 * thread before it requested its script (30–80 ms with instances and devices, work the app never
 * does); staged in a worker, the worker's start and parse made the answer ~100 ms late.
 */
import type { Page } from '@playwright/test';

/** Where the staged answer lives in the page's origin. */
export const STAGED_STORE = { db: 'teamtray-bench', store: 'state', key: 'getState' } as const;
export type StagedStore = typeof STAGED_STORE;

/**
 * On the stage page: fetches the staged JSON and stores it as an object. A string, not a
 * function: tsx's keepNames would put a `__name` call the page lacks into a function's source.
 */
const STORE_SCRIPT = `async ({ url, db, store, key }) => {
  const answer = await (await fetch(url)).json();
  const opened = indexedDB.open(db, 1);
  opened.onupgradeneeded = () => opened.result.createObjectStore(store);
  const database = await new Promise((resolve, reject) => {
    opened.onsuccess = () => resolve(opened.result);
    opened.onerror = () => reject(opened.error);
  });
  const transaction = database.transaction(store, 'readwrite');
  transaction.objectStore(store).put(answer, key);
  await new Promise((resolve, reject) => {
    transaction.oncomplete = resolve;
    transaction.onerror = () => reject(transaction.error);
  });
  database.close();
}`;

/** Puts the answer served at `jsonUrl` into the IndexedDB of `stagePageUrl`'s origin. */
export async function stageInPage(
  page: Page,
  stagePageUrl: string,
  jsonUrl: string,
): Promise<void> {
  await page.goto(stagePageUrl);
  await page.evaluate(`(${STORE_SCRIPT})(${JSON.stringify({ url: jsonUrl, ...STAGED_STORE })})`);
}
