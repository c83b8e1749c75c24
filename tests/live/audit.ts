/**
 * The audit log of an instance as the API has it, read with the token straight from the test
 * process: the live bulk restart checks that FlowFuse logged each restart, by the token's user.
 */
import type { LiveEnv } from './env';

async function get<T>(live: LiveEnv, path: string): Promise<T> {
  const response = await fetch(`${live.origin}${path}`, {
    headers: { authorization: `Bearer ${live.token}`, accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${String(response.status)}`);
  return (await response.json()) as T;
}

/** The token's user (`GET /api/v1/user`). */
export async function apiUsername(live: LiveEnv): Promise<string> {
  return (await get<{ username: string }>(live, '/api/v1/user')).username;
}

export interface AuditEntry {
  readonly id: string;
  readonly event: string;
  readonly username: string | null;
}

/** The instance's newest audit entries (newest first; FlowFuse 2.4.0's `log`). */
export async function apiAuditLog(live: LiveEnv, instanceId: string): Promise<AuditEntry[]> {
  const path = `/api/v1/projects/${encodeURIComponent(instanceId)}/audit-log?limit=20`;
  const body = await get<{
    log?: { id: string; event: string; username?: string; trigger?: { name?: string } }[];
  }>(live, path);
  return (body.log ?? []).map((entry) => ({
    id: entry.id,
    event: entry.event,
    username: entry.trigger?.name ?? entry.username ?? null,
  }));
}
