/**
 * The popover's side of the instance steps: the bridge's teamRuntime pushes, recorded in the
 * page next to the page's own store, and the calls the page makes (window.teamtray's
 * instanceAction and refresh). The instance rows' buttons are being built on another branch;
 * once they are on main, the steps can press them instead of calling the bridge.
 */
import type { Page } from '@playwright/test';
import type { TeamtrayApi } from '../../common/contract';
import type { InstanceAction, TeamRuntime } from '../../common/runtime';

/** The page's window with the bridge and the recorder. */
interface LiveWindow {
  readonly teamtray: TeamtrayApi;
  __liveRuntime?: Record<string, TeamRuntime>;
}

export interface InstanceRef {
  readonly accountId: string;
  readonly teamId: string;
  readonly instanceId: string;
}

/** From now on, keeps the last pushed runtime of each team. Call before adding the account. */
export async function recordRuntimePushes(page: Page): Promise<void> {
  await page.evaluate(() => {
    const live = window as unknown as LiveWindow;
    const latest: Record<string, TeamRuntime> = {};
    live.__liveRuntime = latest;
    live.teamtray.on('teamRuntime', (update) => {
      latest[`${update.accountId}/${update.runtime.teamId}`] = update.runtime;
    });
  });
}

/** The team's runtime as main last pushed it, or null before the first push. */
export function pushedRuntime(
  page: Page,
  accountId: string,
  teamId: string,
): Promise<TeamRuntime | null> {
  return page.evaluate(
    (key) => (window as unknown as LiveWindow).__liveRuntime?.[key] ?? null,
    `${accountId}/${teamId}`,
  );
}

export function instanceState(runtime: TeamRuntime | null, instanceId: string): string | null {
  if (runtime === null) return null;
  const index = runtime.instances.id.indexOf(instanceId);
  return index === -1 ? null : (runtime.instances.state[index] ?? null);
}

/** What the page does when the user presses Stop or Start; throws main's refusal. */
export async function instanceAction(
  page: Page,
  ref: InstanceRef,
  action: InstanceAction,
): Promise<void> {
  const result = await page.evaluate(
    ([request, verb]) =>
      (window as unknown as LiveWindow).teamtray.instanceAction({ ...request, action: verb }),
    [ref, action] as const,
  );
  if (!result.ok) throw new Error(`${action}: ${result.error.code}: ${result.error.message}`);
}

/** Main follows an action for a minute; a real start can take longer, so the list is re-read. */
const REREAD_EVERY_MS = 15_000;

/**
 * Waits until main pushes `wanted` for the instance; returns every state it pushed on the way
 * ("stopping", …). While waiting it asks for a re-read now and then, as the open popover does.
 */
export async function waitForPushedState(
  page: Page,
  ref: InstanceRef,
  wanted: string,
  timeoutMs: number,
): Promise<string[]> {
  const seen: string[] = [];
  const started = Date.now();
  let reread = started;
  for (;;) {
    const state = instanceState(
      await pushedRuntime(page, ref.accountId, ref.teamId),
      ref.instanceId,
    );
    if (state !== null && seen.at(-1) !== state) seen.push(state);
    if (state === wanted) return seen;
    const now = Date.now();
    if (now - started > timeoutMs) {
      throw new Error(
        `The instance did not become ${wanted} within ${timeoutMs / 1000} s (pushed: ${seen.join(' → ') || 'nothing'}).`,
      );
    }
    if (now - reread > REREAD_EVERY_MS) {
      reread = now;
      await page.evaluate(
        (accountId) => (window as unknown as LiveWindow).teamtray.refresh({ accountId }),
        ref.accountId,
      );
    }
    await page.waitForTimeout(250);
  }
}
