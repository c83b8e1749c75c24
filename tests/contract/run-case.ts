/**
 * Runs a contract case against a target (the fake or a real FlowFuse) over real HTTP, and keeps
 * every step's request, answer and mismatches for the report. Never throws for a failed check:
 * the result says what failed.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type {
  Actor,
  Answer,
  CaseTools,
  ContractCase,
  ContractRequest,
  Expectation,
  Step,
} from './case';
import { fillPath } from './refs';
import { check, type Mismatch } from './shape';
import type { SeededWorld } from './world-spec';

export interface ContractTarget {
  /** `fake` or `FlowFuse 2.4.0`, for reports. */
  readonly label: string;
  readonly origin: string;
  readonly world: SeededWorld;
}

export interface StepRecord {
  /** `GET /api/v1/teams/{team.alpha}/devices as dave`. */
  readonly request: string;
  readonly expect: Expectation;
  readonly answer: Answer | null;
  readonly mismatches: readonly Mismatch[];
}

export interface CaseResult {
  readonly id: string;
  readonly relies: string;
  readonly passed: boolean;
  readonly steps: readonly StepRecord[];
  /** A failure outside any check: the server could not be reached, a saved value was missing. */
  readonly error: string | null;
}

/** Well-formed, never issued. */
const UNKNOWN_TOKEN = `ffpat_${'x'.repeat(43)}`;

class CaseFailed extends Error {}

function tokenOf(world: SeededWorld, actor: Actor): string {
  if (actor === 'expired-token') return world.tokens.expired;
  if (actor === 'revoked-token') return world.tokens.revoked;
  if (actor === 'unknown-token') return UNKNOWN_TOKEN;
  return world.users[actor].token;
}

function describe(request: ContractRequest): string {
  const who = request.as === undefined ? 'without a token' : `as ${request.as}`;
  return `${request.method ?? 'GET'} ${request.path} ${who}`;
}

async function send(
  target: ContractTarget,
  request: ContractRequest,
  vars: ReadonlyMap<string, string>,
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (request.as !== undefined)
    headers.authorization = `Bearer ${tokenOf(target.world, request.as)}`;
  let body: string | undefined;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.raw !== undefined) {
    headers['content-type'] = request.raw.contentType;
    body = request.raw.body;
  }
  const response = await fetch(`${target.origin}${fillPath(request.path, target.world, vars)}`, {
    method: request.method ?? 'GET',
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  const contentType = response.headers.get('content-type') ?? '';
  const text = await response.text();
  let parsed: unknown = text;
  if (contentType.includes('json')) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: response.status, contentType, body: parsed };
}

function judge(answer: Answer, expect: Expectation, world: SeededWorld): Mismatch[] {
  const status =
    answer.status === expect.status
      ? []
      : [{ path: 'status', expected: String(expect.status), actual: String(answer.status) }];
  const body = expect.body === undefined ? [] : check(answer.body, expect.body, 'body', { world });
  return [...status, ...body];
}

function readPath(body: unknown, path: string): unknown {
  let value: unknown = body;
  for (const key of path.split('.')) {
    value =
      typeof value === 'object' && value !== null
        ? (value as Record<string, unknown>)[key]
        : undefined;
  }
  return value;
}

export async function runCase(
  contractCase: ContractCase,
  target: ContractTarget,
): Promise<CaseResult> {
  const steps: StepRecord[] = [];
  const vars = new Map<string, string>();

  const tools: CaseTools = {
    async step(step: Step): Promise<Answer> {
      const until = Date.now() + (step.within ?? 0);
      let answer = await send(target, step.request, vars);
      let mismatches = judge(answer, step.expect, target.world);
      while (mismatches.length > 0 && Date.now() < until) {
        await delay(100);
        answer = await send(target, step.request, vars);
        mismatches = judge(answer, step.expect, target.world);
      }
      steps.push({ request: describe(step.request), expect: step.expect, answer, mismatches });
      if (mismatches.length > 0) throw new CaseFailed();
      for (const [name, path] of Object.entries(step.save ?? {})) {
        const value = readPath(answer.body, path);
        if (typeof value === 'string') vars.set(name, value);
        else vars.delete(name);
      }
      return answer;
    },
    require(ok: boolean, expected: string, actual: string): void {
      if (ok) return;
      steps.push({
        request: 'check',
        expect: { status: 0 },
        answer: null,
        mismatches: [{ path: 'case', expected, actual }],
      });
      throw new CaseFailed();
    },
  };

  let error: string | null = null;
  try {
    if ('steps' in contractCase) {
      for (const step of contractCase.steps) await tools.step(step);
    } else {
      await contractCase.script(tools);
    }
  } catch (caught) {
    if (!(caught instanceof CaseFailed))
      error = caught instanceof Error ? caught.message : String(caught);
  }
  const passed = error === null && steps.every((s) => s.mismatches.length === 0);
  return { id: contractCase.id, relies: contractCase.relies, passed, steps, error };
}

/** Runs every case in order (they share one seeded world, and actions come last). */
export async function runSuite(
  cases: readonly ContractCase[],
  target: ContractTarget,
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const contractCase of cases) results.push(await runCase(contractCase, target));
  return results;
}
