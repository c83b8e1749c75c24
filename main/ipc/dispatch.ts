/**
 * The one door from the renderer into main: the method must be in the contract, the payload must
 * pass the contract's schema, and whatever happens the answer is a Result whose error is
 * `{code, message}` — never a stack, never a token.
 */
import * as v from 'valibot';
import { contract, type Method, type Request, type Response } from '../../common/contract';
import { isAppError, type AppErrorShape, type Result } from '../../common/errors';
import type { Logger } from '../log';

export type Handlers = {
  readonly [M in Method]: (request: Request<M>) => Promise<Response<M>>;
};

export type Dispatch = (method: string, payload: unknown) => Promise<Result<unknown>>;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 8;

/** Keys that could pollute a prototype, anywhere in the payload, or nesting deeper than any contract needs. */
export function hasUnsafeShape(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (depth > MAX_DEPTH) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== Array.prototype && proto !== null) return true;
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key === 'symbol' || FORBIDDEN_KEYS.has(key)) return true;
    if (hasUnsafeShape((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

function refused(message: string): Result<never> {
  return { ok: false, error: { code: 'invalid_request', message } };
}

function isMethod(method: string): method is Method {
  return Object.hasOwn(contract, method);
}

export function createDispatcher(handlers: Handlers, log: Logger): Dispatch {
  return async (method, payload) => {
    if (!isMethod(method)) return refused('Refused: unknown request.');
    // No request is an array; valibot's strictObject would accept [] where every key is optional.
    if (Array.isArray(payload) || hasUnsafeShape(payload)) {
      return refused('Refused: the request has an unsafe shape.');
    }
    const parsed = v.safeParse(contract[method].request, payload);
    if (!parsed.success) {
      const where = parsed.issues
        .map((issue) => v.getDotPath(issue) ?? 'request')
        .slice(0, 3)
        .join(', ');
      return refused(`Refused: ${method} got an invalid ${where}.`);
    }
    try {
      const handler = handlers[method] as (request: unknown) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.output) };
    } catch (error) {
      return { ok: false, error: errorShape(error, method, log) };
    }
  };
}

function errorShape(error: unknown, method: string, log: Logger): AppErrorShape {
  if (isAppError(error)) {
    // The system code behind the words (ECONNREFUSED...) goes to the log as well.
    log.info(`ipc: ${method} failed`, {
      code: error.code,
      ...(error.detail === undefined ? {} : { detail: error.detail }),
    });
    return error.toShape();
  }
  log.error(`ipc: ${method} threw`, { error });
  return { code: 'internal', message: 'Something went wrong. The details are in the log.' };
}
