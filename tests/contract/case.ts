/**
 * What a contract case is: an exchange (or a few, in order) with the server, each a request and
 * the answer the client relies on. Most cases are plain data (`steps`); the few that must loop
 * (following a cursor) are a short `script` over the same step runner.
 */
import type { Shape } from './shape';
import type { UserKey } from './world-spec';

/** Who sends the request: a seeded user (their token), a special token, or nobody. */
export type Actor = UserKey | 'expired-token' | 'revoked-token' | 'unknown-token';

export interface ContractRequest {
  readonly method?: 'GET' | 'PUT' | 'POST';
  /** With `{team.alpha}`-style names for seeded ids and `{var.name}` for saved values. */
  readonly path: string;
  /** No Authorization header when absent. */
  readonly as?: Actor;
  readonly json?: unknown;
  /** A body sent as is, for answers to bodies that are not JSON. */
  readonly raw?: { readonly contentType: string; readonly body: string };
}

export interface Expectation {
  readonly status: number;
  readonly body?: Shape;
}

export interface Step {
  readonly request: ContractRequest;
  readonly expect: Expectation;
  /** Asks again until the answer matches, for up to this many ms: a state that settles. */
  readonly within?: number;
  /** Values to keep for later paths: name → dot path into the answer's body. */
  readonly save?: Readonly<Record<string, string>>;
}

export interface Answer {
  readonly status: number;
  readonly contentType: string;
  /** Parsed JSON, or the text when it is not JSON. */
  readonly body: unknown;
}

export interface CaseTools {
  /** Sends the step's request and checks the answer; a mismatch ends the case. */
  step(step: Step): Promise<Answer>;
  /** Ends the case with this failure when `ok` is false. */
  require(ok: boolean, expected: string, actual: string): void;
}

interface CaseHead {
  /** `area/what`, e.g. `actions/member-403`. */
  readonly id: string;
  /** What Teamtray relies on, in one sentence. */
  readonly relies: string;
}

export type ContractCase =
  | (CaseHead & { readonly steps: readonly Step[] })
  | (CaseHead & { readonly script: (tools: CaseTools) => Promise<void> });

/** One GET (or other request) and its answer, as a case. */
export function exchange(
  id: string,
  relies: string,
  request: ContractRequest,
  expect: Expectation,
): ContractCase {
  return { id, relies, steps: [{ request, expect }] };
}
