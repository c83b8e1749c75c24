/**
 * A team row's runtime summary in words: "6 instances · 1 crashed", "7 devices · 1 offline". Each
 * part has a tone for its dot, and the words always say what the colour says (never colour
 * alone): a red dot comes with "crashed", an amber one with "offline". A device offline in
 * developer mode is not "offline" here, as it is not for the tray (common/device-status.ts).
 */
import { offlineTrouble } from '../../common/device-status';
import { stateTone, type StateTone } from '../../common/instance-state';
import type { AccountStatus } from '../../common/model';
import { ROLE, roleBadge } from '../../common/roles';
import type { TeamRuntime } from '../../common/state';
import { rowErrorText } from './error-help';
import { absoluteTime, relativeTime } from './time';
import { presenceOfDevice } from './runtime-rows';

type SummaryTone = StateTone | 'online' | 'offline' | 'never' | 'muted' | 'warning';

export interface SummaryPart {
  /** What is counted ("6 instances"), or the whole sentence ("Loading instances…"). */
  readonly text: string;
  /** What the tone is about ("1 crashed"): said after the text, in the tone's colour. */
  readonly qualifier?: string;
  readonly tone: SummaryTone;
  /** More than fits on the row (the error behind "Could not read instances"). */
  readonly detail?: string;
}

/** Worst first: the qualifier a summary names is the most urgent one present. */
const INSTANCE_ORDER: readonly StateTone[] = ['problem', 'busy', 'idle', 'other'];
/** What a mix of states in one tone is called ("2 not running": one stopped, one suspended). */
const MIXED: { readonly [T in StateTone]: string } = {
  problem: 'need attention',
  busy: 'starting or stopping',
  idle: 'not running',
  other: 'in other states',
  ok: 'running',
};

/** The busy states on the way down; every other busy state is on its way up (installing, …). */
const GOING_DOWN = new Set(['stopping', 'suspending']);

/** States that read oddly after a number ("1 safe"). */
const PHRASES: ReadonlyMap<string, string> = new Map([
  ['safe', 'in safe mode'],
  ['error', 'in error'],
]);

const plural = (count: number, one: string, many: string): string =>
  `${count} ${count === 1 ? one : many}`;

const LOADING: readonly SummaryPart[] = [{ text: 'Loading instances…', tone: 'muted' }];

// A row renders on every scroll frame; its summary changes only with its runtime (a new object
// whenever main's patch touched it), the clock or the team's role.
const memo = new WeakMap<
  TeamRuntime,
  {
    readonly now: number;
    readonly role: number | null;
    readonly stale: boolean;
    readonly parts: readonly SummaryPart[];
  }
>();

/**
 * The parts of a team's summary, or the one sentence that replaces it (loading, hidden, failed).
 * `role` is the team's role: it says why a hidden team is hidden. `accountFailed`: the account's
 * own team list failed (unreachable, refused), so what shows is its last read, and says how old.
 */
export function teamSummary(
  runtime: TeamRuntime,
  now: number,
  role: number | null,
  accountFailed = false,
): readonly SummaryPart[] {
  const hit = memo.get(runtime);
  if (hit?.now === now && hit.role === role && hit.stale === accountFailed) return hit.parts;
  const parts = summarise(runtime, now, role);
  const dated =
    accountFailed && runtime.status === 'ok' && runtime.fetchedAt !== null
      ? [...parts, asOf(runtime.fetchedAt, now)]
      : parts;
  memo.set(runtime, { now, role, stale: accountFailed, parts: dated });
  return dated;
}

/** The account's team list failed: it shows what it last listed (refused, unreachable, …). */
export function listFailed(status: AccountStatus): boolean {
  return status !== 'ok' && status !== 'loading';
}

/** How old the last-known lists are, when the account could not be read since. */
function asOf(fetchedAt: number, now: number): SummaryPart {
  return {
    text: `As of ${relativeTime(fetchedAt, now)}`,
    tone: 'muted',
    detail: `The account could not be read since ${absoluteTime(fetchedAt)}: this is what it listed then.`,
  };
}

/**
 * Why a team's instances are not shown, short enough to fit beside the role badge at 260 px;
 * the whole reason is its title.
 */
function hiddenPart(role: number | null): SummaryPart {
  if (role !== null && role < ROLE.viewer) {
    const badge = roleBadge(role) ?? '';
    return {
      text: `Hidden for the ${badge} role`,
      tone: 'muted',
      detail: `FlowFuse shows the ${badge} role dashboards only, not instances or devices.`,
    };
  }
  return {
    text: 'Hidden from this token',
    tone: 'muted',
    detail: 'FlowFuse would not show this team’s instances and devices to this token.',
  };
}

function summarise(runtime: TeamRuntime, now: number, role: number | null): readonly SummaryPart[] {
  if (runtime.status === 'hidden') return [hiddenPart(role)];
  if (runtime.fetchedAt === null) {
    return runtime.status === 'error'
      ? [
          {
            text: 'Could not read instances',
            tone: 'warning',
            ...(runtime.error === null ? {} : { detail: rowErrorText(runtime.error) }),
          },
        ]
      : LOADING;
  }
  const parts: SummaryPart[] = [];
  const instances = instancePart(runtime);
  if (instances !== null) parts.push(instances);
  const devices = devicePart(runtime, now);
  if (devices !== null) parts.push(devices);
  if (parts.length === 0) parts.push({ text: 'No instances or devices', tone: 'muted' });
  if (runtime.status === 'error') {
    // What shows is the last good read; say the latest one failed.
    parts.push({
      text: 'Last read failed',
      tone: 'warning',
      ...(runtime.error === null ? {} : { detail: rowErrorText(runtime.error) }),
    });
  }
  return parts;
}

function instancePart(runtime: TeamRuntime): SummaryPart | null {
  const total = runtime.instances.length;
  if (total === 0) return null;
  const byTone = new Map<StateTone, string[]>();
  for (const instance of runtime.instances) {
    const tone = stateTone(instance.state);
    const states = byTone.get(tone);
    if (states === undefined) byTone.set(tone, [instance.state]);
    else states.push(instance.state);
  }
  // Past the cap, or some not readable: more exist than are counted here.
  const label =
    runtime.instancesLeftOut === null
      ? plural(total, 'instance', 'instances')
      : `${total}+ instances`;
  for (const tone of INSTANCE_ORDER) {
    const states = byTone.get(tone);
    if (states === undefined) continue;
    return { text: label, qualifier: `${states.length} ${wordFor(tone, states)}`, tone };
  }
  return { text: label, qualifier: total === 1 ? 'running' : 'all running', tone: 'ok' };
}

/**
 * "crashed" when every one of them crashed; the tone's word for a mix. Busy states say which way
 * they go: installing and starting are both "starting", stopping and suspending "stopping".
 */
function wordFor(tone: StateTone, states: readonly string[]): string {
  const first = states[0] ?? '';
  const same = first !== '' && states.every((state) => state === first);
  if (same) return PHRASES.get(first) ?? first;
  if (tone === 'busy') {
    const down = states.filter((state) => GOING_DOWN.has(state)).length;
    if (down === 0) return 'starting';
    if (down === states.length) return 'stopping';
  }
  return MIXED[tone];
}

function devicePart(runtime: TeamRuntime, now: number): SummaryPart | null {
  const total = runtime.devices.length;
  if (total === 0) return null;
  let offline = 0;
  let never = 0;
  // Offline in developer mode: on purpose, so said without the colour of trouble.
  let developer = 0;
  for (const device of runtime.devices) {
    const presence = presenceOfDevice(device, now);
    if (offlineTrouble(device, now)) offline += 1;
    else if (presence === 'offline') developer += 1;
    else if (presence === 'never') never += 1;
  }
  const label =
    runtime.devicesLeftOut === null ? plural(total, 'device', 'devices') : `${total}+ devices`;
  if (offline > 0) return { text: label, qualifier: `${offline} offline`, tone: 'offline' };
  if (never > 0) return { text: label, qualifier: `${never} never seen`, tone: 'never' };
  if (developer > 0) {
    return { text: label, qualifier: `${developer} in developer mode`, tone: 'muted' };
  }
  return { text: label, qualifier: total === 1 ? 'online' : 'all online', tone: 'online' };
}

/** One part as it reads: "6 instances · 1 crashed". */
export function partText(part: SummaryPart): string {
  return part.qualifier === undefined ? part.text : `${part.text} · ${part.qualifier}`;
}

/** The summary as one sentence, for the row's accessible name. */
export function summarySentence(parts: readonly SummaryPart[]): string {
  return parts
    .map((part) => (part.qualifier === undefined ? part.text : `${part.text}, ${part.qualifier}`))
    .join('; ');
}
