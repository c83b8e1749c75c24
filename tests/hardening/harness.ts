/**
 * Shared by the hardening suites: drive the real core through dispatch (as the renderer does),
 * read what it left on disk, and watch for promises nobody handled.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Method } from '../../common/contract';
import { AppError, type Result } from '../../common/errors';
import type { Account, Snapshot, TeamtrayState } from '../../common/state';
import type { Core } from '../../main/core-types';
import { SETTINGS_CONFIG_NAME } from '../../main/store/settings-file';
import { TEAMS_CACHE_CONFIG_NAME } from '../../main/store/teams-cache';

export async function call<T>(core: Core, method: Method, payload?: unknown): Promise<Result<T>> {
  return (await core.dispatch(method, payload)) as Result<T>;
}

/** The value of a call that must succeed; an AppError (with the code) when it does not. */
export async function ok<T>(core: Core, method: Method, payload?: unknown): Promise<T> {
  const result = await call<T>(core, method, payload);
  if (!result.ok) throw new AppError(result.error.code, result.error.message);
  return result.value;
}

/** The model's tree, as getState answers it. */
export async function appState(core: Core): Promise<TeamtrayState> {
  return (await ok<Snapshot>(core, 'getState')).state;
}

export async function waitForAccount(
  core: Core,
  id: string,
  predicate: (view: Account) => boolean,
  timeoutMs = 10_000,
): Promise<Account> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = (await appState(core)).accounts.find((account) => account.id === id);
    if (view !== undefined && predicate(view)) return view;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${id}; last view: ${JSON.stringify(view)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Waits until the account's teams are listed and their instances and devices read (none loading
 * or refreshing): the background reads after a refresh would otherwise land in the middle of
 * what a test counts next.
 */
export async function waitForQuiet(core: Core, id: string, timeoutMs = 10_000): Promise<Account> {
  return waitForAccount(
    core,
    id,
    (view) =>
      view.status !== 'loading' &&
      view.teams.every((team) => team.runtime.status !== 'loading') &&
      // The inbox is read beside the teams; its first answer (or failure) ends that read.
      (view.inbox.supported !== null || view.inbox.error !== null),
    timeoutMs,
  );
}

export const settingsPath = (dir: string): string => join(dir, `${SETTINGS_CONFIG_NAME}.json`);
export const teamsCachePath = (dir: string): string => join(dir, `${TEAMS_CACHE_CONFIG_NAME}.json`);

/** What the settings file holds that matters to the user: the servers and the token ciphertext. */
export interface SavedSnapshot {
  readonly accounts: unknown;
  readonly secrets: unknown;
}

export function readSaved(dir: string): SavedSnapshot {
  const path = settingsPath(dir);
  if (!existsSync(path)) return { accounts: [], secrets: {} };
  const data = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  return { accounts: data.accounts ?? [], secrets: data.secrets ?? {} };
}

/** Every `unhandledRejection` while the suite runs; the suite asserts there were none. */
export function watchUnhandledRejections(): { readonly seen: unknown[]; stop(): void } {
  const seen: unknown[] = [];
  const listener = (reason: unknown): void => {
    seen.push(reason);
  };
  process.on('unhandledRejection', listener);
  return {
    seen,
    stop: () => {
      process.off('unhandledRejection', listener);
    },
  };
}

/** Cleanups run last-in first-out, each even when an earlier one fails. */
export class Cleanups {
  readonly #tasks: (() => Promise<void> | void)[] = [];

  add(task: () => Promise<void> | void): void {
    this.#tasks.push(task);
  }

  async run(): Promise<void> {
    const errors: unknown[] = [];
    while (this.#tasks.length > 0) {
      try {
        await this.#tasks.pop()?.();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw new AggregateError(errors, 'cleanup failed');
  }
}

/**
 * The forms a token could take in text: as is, and base64 / base64url at each of the three byte
 * alignments it could have inside a longer encoded blob (only the characters that depend on the
 * token's bytes alone, so a match inside any base64 text is found).
 */
export function tokenForms(token: string): string[] {
  const forms = [token];
  const bytes = Buffer.from(token, 'utf8');
  for (const pad of [0, 1, 2]) {
    const padded = Buffer.concat([Buffer.alloc(pad), bytes]);
    const start = pad === 0 ? 0 : 4;
    const end = Math.floor(padded.length / 3) * 4;
    for (const encoding of ['base64', 'base64url'] as const) {
      forms.push(padded.toString(encoding).slice(start, end));
    }
  }
  return [...new Set(forms)];
}

/** How many times any form of any token appears in `text`. */
export function countTokenHits(text: string, tokens: readonly string[]): number {
  let hits = 0;
  for (const token of tokens) {
    for (const form of tokenForms(token)) {
      for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) hits += 1;
    }
  }
  return hits;
}
