/**
 * The FlowFuse client as the rest of main sees it. Implemented in client.ts over ky.
 */
import type { Origin, Token } from '../../common/brand';

export type { ApiTeam, ApiUser } from './schemas';
import type { ApiTeam, ApiUser } from './schemas';

export interface ProbeResult {
  /** `info.version` from `/api/json`, when the server says. */
  readonly version: string | null;
}

export interface FlowFuseClient {
  readonly origin: Origin;
  /** `GET /api/json` without a token: is this FlowFuse, and which version. */
  probe(): Promise<ProbeResult>;
  /** `GET /api/v1/user`: verifies the token. */
  whoAmI(): Promise<ApiUser>;
  /** `GET /api/v1/user/teams`. */
  listTeams(): Promise<readonly ApiTeam[]>;
  /** `PUT /api/v1/teams/<id>` with `{name}`. The name must already be checked. */
  renameTeam(teamId: string, name: string): Promise<ApiTeam>;
}

export interface ClientOptions {
  readonly origin: Origin;
  /** Null for a client that may only probe. */
  readonly token: Token | null;
  /** Consent to plain http for a host other than loopback. */
  readonly allowHttp: boolean;
}

/** Every caller gets clients from one factory, so the fetch and the limits are set in one place. */
export type ClientFactory = (options: ClientOptions) => FlowFuseClient;
