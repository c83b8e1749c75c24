/**
 * The messages between the contract runner and the process that hosts FlowFuse (forge-host.ts),
 * over Node's IPC channel. Only what the platform's API cannot do goes this way: a user's first
 * token (the API wants a logged-in session for that), a crashed instance (the stub driver never
 * crashes), a device last seen long ago (2.4 cannot backdate a heartbeat), what Node-RED itself
 * writes to an instance's audit log, and a device's snapshots.
 */

export type HostRequest =
  | {
      readonly op: 'token';
      readonly username: string;
      readonly name: string;
      /** Epoch ms, or null for a token that never expires. */
      readonly expiresAt: number | null;
    }
  | { readonly op: 'crash'; readonly instanceId: string }
  | { readonly op: 'last-seen'; readonly deviceId: string; readonly msAgo: number }
  /**
   * An entry the running Node-RED would write to its instance's audit log (`POST
   * /logging/:id/audit`, a deploy's `flows.set`), which only the instance's own token may send.
   */
  | {
      readonly op: 'audit';
      readonly instanceId: string;
      readonly username: string;
      readonly event: string;
      readonly body: Readonly<Record<string, unknown>>;
    }
  /**
   * A device that has not reached its target: snapshots named `active` (what it runs) and
   * `target` (what it was told to run), as a deploy that never arrived leaves it. 2.4.0 has no
   * broker here, so no agent could take them.
   */
  | {
      readonly op: 'snapshots';
      readonly deviceId: string;
      readonly active: string;
      readonly target: string;
    };

export interface HostCall {
  readonly id: number;
  readonly request: HostRequest;
}

export type HostMessage =
  | { readonly type: 'ready'; readonly baseUrl: string; readonly version: string }
  | { readonly type: 'failed'; readonly error: string }
  | { readonly type: 'reply'; readonly id: number; readonly ok: true; readonly value: HostValue }
  | { readonly type: 'reply'; readonly id: number; readonly ok: false; readonly error: string };

export type HostValue = { readonly token: string } | { readonly done: true };

export function isHostMessage(value: unknown): value is HostMessage {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === 'ready' || type === 'failed' || type === 'reply';
}

export function isHostCall(value: unknown): value is HostCall {
  if (typeof value !== 'object' || value === null) return false;
  const call = value as { id?: unknown; request?: { op?: unknown } };
  return typeof call.id === 'number' && typeof call.request?.op === 'string';
}
