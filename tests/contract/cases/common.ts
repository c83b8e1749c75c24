/** Answers many cases share: FlowFuse's own error bodies. */
import type { Expectation } from '../case';

const UNAUTHORIZED = { code: 'unauthorized', error: 'unauthorized' } as const;
const NOT_FOUND = { code: 'not_found', error: 'Not Found' } as const;

export const is401: Expectation = { status: 401, body: UNAUTHORIZED };
export const is403: Expectation = { status: 403, body: UNAUTHORIZED };
export const is404: Expectation = { status: 404, body: NOT_FOUND };
