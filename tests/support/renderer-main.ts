/**
 * Main as the renderer's unit tests meet it: a model (common/state.ts) changed by immer recipes,
 * each change pushed as numbered patches, getState answering a Snapshot, and the methods a test
 * gives answering as it says. A method a test did not give fails the test if called. A method
 * that changes the model answers, as main's core does, with the model's version when it answers,
 * unless the test's answer names one.
 */
import { enablePatches, produceWithPatches, type Draft } from 'immer';
import { vi } from 'vitest';
import {
  changesModel,
  type Answer,
  type EventName,
  type EventPayloads,
  type Method,
  type Response,
  type TeamtrayApi,
} from '../../common/contract';
import type { Result } from '../../common/errors';
import type { PatchPush, Snapshot, TeamtrayState } from '../../common/state';

enablePatches();

type Handlers = {
  readonly [M in Method]?: (request: never) => Promise<Result<Response<M>> | Answer<M>>;
};

export interface TestMain {
  readonly api: TeamtrayApi;
  /** The model as main holds it now. */
  readonly state: TeamtrayState;
  /** Changes the model and pushes the patches (unless `send` is false: a push lost on its way). */
  change(recipe: (draft: Draft<TeamtrayState>) => void, send?: boolean): PatchPush;
  /** Sends a push as main's Electron layer would (focus, navigate). */
  push<E extends EventName>(event: E, payload: EventPayloads[E]): void;
  /** Calls per method, with their requests. */
  readonly calls: { readonly method: Method; readonly request: unknown }[];
}

export const ok = <T>(value: T): Promise<Result<T>> => Promise.resolve({ ok: true, value });

export function testMain(initial: TeamtrayState, handlers: Handlers = {}): TestMain {
  let state = initial;
  let version = 0;
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const calls: { method: Method; request: unknown }[] = [];
  const emit = (event: string, payload: unknown): void => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
  };
  const all: Handlers = {
    getState: () => ok<Snapshot>({ version, state }),
    ...handlers,
  };
  const api: Record<string, unknown> = {
    on: (event: string, listener: (payload: unknown) => void) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
  for (const method of Object.keys(all) as Method[]) {
    const handler = all[method] as (request: unknown) => Promise<unknown>;
    api[method] = vi.fn(async (request: unknown) => {
      if (method !== 'getState') calls.push({ method, request });
      const answer = (await handler(request)) as Result<unknown> & { readonly version?: number };
      if (!changesModel(method) || !answer.ok || answer.version !== undefined) return answer;
      return { ...answer, version };
    });
  }
  return {
    api: api as unknown as TeamtrayApi,
    get state() {
      return state;
    },
    change(recipe, send = true) {
      const [next, patches] = produceWithPatches(state, recipe);
      state = next;
      version += 1;
      const push = { version, patches };
      if (send) emit('patches', push);
      return push;
    },
    push: (event, payload) => {
      emit(event, payload);
    },
    calls,
  };
}
