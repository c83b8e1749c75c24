/**
 * What each instance did and who made it: its log (Node-RED's lines, as the platform passes them
 * on) and its audit log (FlowFuse's events with their author). Kept in step with the instance's
 * state: a seeded or forced crash leaves an error in the log, a stop says so, each action writes
 * its event. Paged as FlowFuse 2.4.0 pages them (tests/contract/cases/activity.ts).
 */
import { newHashId } from './ids';
import type {
  FakeActor,
  FakeAuditEntry,
  FakeInstance,
  FakeLogEntry,
  InstanceState,
  NewLogEntry,
} from './runtime-types';

const MINUTE = 60_000;

/** What Node-RED writes as it starts, `msAgo` before now. */
function startLines(msAgo: number): NewLogEntry[] {
  return [
    { level: 'system', msg: 'Starting Node-RED', src: 'launcher', msAgo },
    { level: 'info', msg: '\n\nWelcome to Node-RED\n===================\n', msAgo: msAgo - 1000 },
    { level: 'info', msg: 'Node-RED version: v3.0.2', msAgo: msAgo - 1000 },
    { level: 'info', msg: 'Starting flows', msAgo: msAgo - 2000 },
    { level: 'info', msg: 'Started flows', msAgo: msAgo - 2500 },
  ];
}

/** What the log says when an instance turns to `state`, `msAgo` before now. */
function linesFor(state: InstanceState, msAgo = 0): NewLogEntry[] {
  switch (state) {
    case 'crashed':
      return [
        { level: 'warn', msg: '[function:Parse reading] msg.payload is not an object', msAgo },
        {
          level: 'error',
          msg: "Uncaught Exception:\nTypeError: Cannot read properties of undefined (reading 'value')\n    at Function node:Parse reading [line 4:27]",
          msAgo,
        },
        { level: 'system', msg: 'Node-RED exited with code 1', src: 'launcher', msAgo },
      ];
    case 'stopped':
      return [
        { level: 'info', msg: 'Stopping flows', msAgo },
        { level: 'info', msg: 'Stopped flows', msAgo },
      ];
    case 'safe':
      return [{ level: 'warn', msg: 'Flows stopped: Node-RED started in safe mode', msAgo }];
    case 'running':
      return [
        { level: 'info', msg: 'Starting flows', msAgo },
        { level: 'info', msg: 'Started flows', msAgo },
      ];
    default:
      return [];
  }
}

/** The event a seeded state leaves in the audit log after `project.created`. */
const SEEDED_EVENT: Partial<Record<InstanceState, string>> = {
  stopped: 'project.stopped',
  suspended: 'project.suspended',
};

export interface LogPage {
  readonly meta: { readonly next_cursor?: string; readonly previous_cursor?: string };
  readonly log: readonly FakeLogEntry[];
}

export interface AuditPage {
  readonly meta: { readonly next_cursor?: string };
  /** The entries from the cursor on (all of them without one), not only this page's. */
  readonly count: number;
  readonly log: readonly FakeAuditEntry[];
}

/** FlowFuse's default page sizes: the newest 30 log entries, 1000 audit entries. */
export const LOG_PAGE_SIZE = 30;
export const AUDIT_PAGE_SIZE = 1000;

export class FakeActivity {
  private readonly logs = new Map<string, FakeLogEntry[]>();
  private readonly audits = new Map<string, FakeAuditEntry[]>();
  private seq = 0;
  private lastAuditMs = 0;

  constructor(private readonly now: () => number) {}

  /** A new instance: its start in the log, then what its state adds; who created it. */
  created(instance: FakeInstance, by: FakeActor): void {
    this.setLog(instance.id, [...startLines(12 * MINUTE), ...linesFor(instance.state, 3 * MINUTE)]);
    const project = { project: { id: instance.id, name: instance.name } };
    this.record(instance.id, 'project.created', by, project);
    const event = SEEDED_EVENT[instance.state];
    if (event !== undefined) this.record(instance.id, event, by, project);
  }

  /** The lines a change of state leaves; a start from suspended is a new Node-RED, a new log. */
  stateChanged(instanceId: string, from: InstanceState, to: InstanceState): void {
    if (from === to) return;
    if (from === 'suspended' && to === 'starting') this.setLog(instanceId, startLines(0));
    else if (!(from === 'starting' && to === 'running')) this.appendLog(instanceId, linesFor(to));
  }

  /** A restart stops and starts the flows: the state stays, the log says so. */
  restarted(instanceId: string): void {
    this.appendLog(instanceId, [...linesFor('stopped'), ...linesFor('running')]);
  }

  record(
    instanceId: string,
    event: string,
    actor: FakeActor,
    body: Readonly<Record<string, unknown>> = {},
    source?: string,
  ): void {
    // Strictly later than the last entry, so the times alone order the log too.
    const ms = Math.max(this.now(), this.lastAuditMs + 1);
    this.lastAuditMs = ms;
    this.seq += 1;
    const entry: FakeAuditEntry = {
      id: newHashId(),
      seq: this.seq,
      createdAt: new Date(ms).toISOString(),
      event,
      actor,
      body,
      ...(source === undefined ? {} : { source }),
    };
    this.audits.set(instanceId, [...(this.audits.get(instanceId) ?? []), entry]);
  }

  /** Replaces the instance's log with these entries (oldest first). */
  setLog(instanceId: string, entries: readonly NewLogEntry[]): void {
    this.logs.set(instanceId, []);
    this.appendLog(instanceId, entries);
  }

  /**
   * Adds entries after the last one. Their `ts` is the launcher's: epoch ms and a 4-digit
   * counter, never before the entry they follow.
   */
  appendLog(instanceId: string, entries: readonly NewLogEntry[]): void {
    const log = [...(this.logs.get(instanceId) ?? [])];
    for (const entry of entries) {
      const last = log.at(-1)?.ts;
      const lastMs = last === undefined ? 0 : Number(last.slice(0, -4));
      const ms = Math.max(this.now() - (entry.msAgo ?? 0), lastMs);
      const counter = ms === lastMs && last !== undefined ? Number(last.slice(-4)) + 1 : 0;
      log.push({
        ts: `${ms}${String(counter).padStart(4, '0')}`,
        level: entry.level,
        msg: entry.msg,
        ...(entry.src === undefined ? {} : { src: entry.src }),
      });
    }
    this.logs.set(instanceId, log);
  }

  logOf(instanceId: string): readonly FakeLogEntry[] {
    return this.logs.get(instanceId) ?? [];
  }

  /** Newest first, as the audit log lists it. */
  auditOf(instanceId: string): readonly FakeAuditEntry[] {
    return [...(this.audits.get(instanceId) ?? [])].reverse();
  }

  /**
   * FlowFuse 2.4.0's log page, step for step: without a cursor the newest `limit` entries (0
   * gives all); `<ts>` pages forward, `-<ts>` back, and back gives one more than asked when the
   * cursor is an entry's own ts. Entries stay oldest first.
   */
  logPage(instanceId: string, limit: number, cursor: string | null): LogPage {
    const all = this.logOf(instanceId);
    const first = all[0]?.ts ?? null;
    let log: readonly FakeLogEntry[];
    if (cursor === null || cursor === '') {
      log = all.slice(-limit);
    } else {
      const back = cursor.startsWith('-');
      const at = back ? cursor.slice(1) : cursor;
      let i = 0;
      for (; i < all.length; i += 1) {
        const ts = all[i]?.ts ?? '';
        if (ts === at) break;
        if (ts > at) {
          if (i > 0) i -= 1;
          break;
        }
      }
      if (i === all.length) log = [];
      else if (back) log = all.slice(Math.max(0, i - 1 - limit), i);
      else log = all.slice(i + 1, i + 1 + limit);
    }
    const oldest = log[0]?.ts;
    const newest = log.at(-1)?.ts;
    return {
      meta: {
        ...(newest === undefined ? {} : { next_cursor: newest }),
        ...(oldest === undefined || oldest === first ? {} : { previous_cursor: `-${oldest}` }),
      },
      log,
    };
  }

  /**
   * The audit log's page: `limit` entries older than the entry `cursor`, newest first; only
   * the `events` named (any case), when some are.
   */
  auditPage(
    instanceId: string,
    limit: number,
    cursor: string | null,
    events: readonly string[] = [],
  ): AuditPage {
    const wanted = new Set(events.map((event) => event.toLowerCase()));
    let rows = this.auditOf(instanceId).filter(
      (entry) => wanted.size === 0 || wanted.has(entry.event.toLowerCase()),
    );
    if (cursor !== null && cursor !== '') {
      const at = rows.find((entry) => entry.id === cursor);
      rows = at === undefined ? [] : rows.filter((entry) => entry.seq < at.seq);
    }
    const log = rows.slice(0, limit);
    const last = log.at(-1);
    return {
      meta: log.length === limit && last !== undefined ? { next_cursor: last.id } : {},
      count: rows.length,
      log,
    };
  }
}
