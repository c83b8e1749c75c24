/**
 * The public shapes of the fake FlowFuse server. Tests and the sample server import these; the
 * server itself lives in server.ts.
 */

/** FlowFuse team roles as numbers on the wire. */
export type FakeRole = 5 | 10 | 30 | 50;

export interface FakeUser {
  readonly id: string;
  readonly username: string;
  readonly name: string;
  readonly email: string;
  readonly admin: boolean;
}

export interface FakeTeamType {
  readonly id: string;
  readonly name: string;
}

export interface FakeTeam {
  readonly id: string;
  /** Mutable: renames change it. */
  name: string;
  /** Mutable: an owner may change it (`PUT /api/v1/teams/:id {slug}`). */
  slug: string;
  readonly type: FakeTeamType;
  /** Added to the team's seeded instances in the counts it answers (a count with nothing behind). */
  readonly instanceCount: number;
  /** Added to the team's seeded devices, likewise. */
  readonly deviceCount: number;
}

export interface FakeTokenOptions {
  /** Epoch ms; a token past it is deleted on first use and answers 401. */
  readonly expiresAt?: number | null;
  /** FlowFuse 2.32+: a read-only token answers 403 to any write. */
  readonly readOnly?: boolean;
  /** FlowFuse 2.32+: a token limited to these team ids answers 403 for other teams. */
  readonly teamIds?: readonly string[];
  /** As `GET /api/v1/user/tokens` lists it; default `teamtray-test`. */
  readonly name?: string;
  /** The token itself, for a server that must accept the same one on every start (the sample). */
  readonly value?: string;
}

/** One request as the server saw it, so tests can assert where a token went. */
export interface RecordedRequest {
  readonly method: string;
  /** Path and query, as sent. */
  readonly path: string;
  readonly authorization: string | null;
  readonly contentType: string | null;
  /** The request body as text (only for methods that carry one). */
  body: string | null;
  readonly at: number;
}

/**
 * What a fault makes the server do instead of (or before) answering normally.
 * Faults are matched in the order they were added; `latency` delays and lets the next match or
 * the normal route answer, every other kind answers on its own.
 */
export type Fault =
  | { readonly kind: 'latency'; readonly ms: number }
  /** Accepts the request and never answers. */
  | { readonly kind: 'hang' }
  /** Destroys the socket without a response. */
  | { readonly kind: 'reset' }
  /** Answers `status` with a JSON error body (default), an HTML page or nothing. */
  | { readonly kind: 'status'; readonly status: number; readonly body?: 'json' | 'html' | 'empty' }
  /** Any status with this JSON body (and headers), e.g. a 400 with a server message. */
  | {
      readonly kind: 'json';
      readonly status: number;
      readonly body: unknown;
      readonly headers?: Readonly<Record<string, string>>;
    }
  /** `200` with an HTML page, as a proxy or login wall would send. */
  | { readonly kind: 'html' }
  /**
   * The route's own answer, with `items` added to the end of its list `key` (e.g. `teams`):
   * an item the client cannot read among good ones. Lets a later fault or the route answer.
   */
  | { readonly kind: 'extra-items'; readonly key: string; readonly items: readonly unknown[] }
  /** `200` with `Content-Type: application/json` and a body that is not JSON. */
  | { readonly kind: 'malformed-json' }
  /** `200` with valid JSON of the wrong shape (default `{"items":[]}`). */
  | { readonly kind: 'wrong-shape'; readonly body?: unknown }
  /** `200` streaming `bytes` (default 20 MB) of JSON-looking filler. */
  | { readonly kind: 'huge-body'; readonly bytes?: number; readonly declareLength?: boolean }
  /** Sends `200` headers and the start of a body, then never finishes. */
  | { readonly kind: 'hang-after-headers' }
  /** `429` with `retry-after` in seconds, in the shape of @fastify/rate-limit. */
  | { readonly kind: 'rate-limit'; readonly retryAfterSeconds: number }
  /** A redirect to `location` (absolute for another origin, or a path on this one). */
  | {
      readonly kind: 'redirect';
      readonly location: string;
      readonly status?: 301 | 302 | 303 | 307 | 308;
    };

export interface FaultScope {
  /** The pathname (no query) to match exactly, or a pattern tested against it. All when absent. */
  readonly path?: string | RegExp;
  /** An HTTP method such as `GET`. All when absent. */
  readonly method?: string;
  /** Apply to the next N matching requests only, then disappear. Forever when absent. */
  readonly times?: number;
}

export interface RateLimitOptions {
  /** Requests allowed per window, per token (or per client when there is none). */
  readonly max: number;
  readonly windowMs: number;
}

export interface FakeServerOptions {
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  /** Reported as `info.version` by `/api/json`. Default `2.4.0`. */
  readonly version?: string;
  /** Reported as `info.title` by `/api/json`. Default `FlowFuse Platform API`. */
  readonly title?: string;
  /** Off by default, as on a self-hosted server. */
  readonly rateLimit?: RateLimitOptions;
  /** How long a start from suspended shows `starting` (default 500 ms, as FlowFuse's stub). */
  readonly startDelayMs?: number;
  /**
   * Serve `/api/v1/user/notifications` as FlowFuse 2.7+ does. Off by default: 2.4.0 answers a
   * read 404 and a write with its web app.
   */
  readonly notifications?: boolean;
  /**
   * Mark an action made through the API `source: 'api'` in the audit log, as FlowFuse 2.32+
   * does. Off by default: 2.4.0 does not.
   */
  readonly apiSource?: boolean;
  /** The server reaches its devices (a broker runs): device restarts happen. Default false. */
  readonly deviceComms?: boolean;
  /** The licence allows developer mode (default true: the contract suite's licensed run). */
  readonly licensed?: boolean;
}

/** A notification in a user's inbox (FlowFuse 2.7+). */
export interface FakeNotification {
  /** A hashid: the inbox's cursor, and what a mark-read names. */
  readonly id: string;
  /** Order of arrival: newer ones have larger numbers (FlowFuse orders by its row id). */
  readonly seq: number;
  readonly userId: string;
  readonly type: string;
  readonly createdAt: string;
  /** Mutable: marking read changes it. */
  read: boolean;
  readonly data: Readonly<Record<string, unknown>>;
}

export interface NewNotification {
  /** `team-invite`, `instance-crashed`, `instance-safe-mode`, `device-crashed`, … */
  readonly type: string;
  readonly data?: Readonly<Record<string, unknown>>;
  readonly read?: boolean;
  /** How long ago it arrived (default now). */
  readonly msAgo?: number;
}
