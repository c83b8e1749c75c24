/**
 * The popover's side of the instance steps: main's model as the page's bridge gives it (the
 * tree main's patch pushes change), the instance row's buttons pressed as a user does, and the
 * re-read the open popover asks for (window.teamtray.refresh).
 */
import { expect, type Page } from '@playwright/test';
import type { TeamtrayApi } from '../../common/contract';
import { stateLabel } from '../../common/instance-state';
import type { TeamRuntime } from '../../common/state';
import { instanceRow, openTeamRows, pressRowButton } from '../e2e/support/locators';

/** The page's window with the bridge. */
interface LiveWindow {
  readonly teamtray: TeamtrayApi;
}

export interface InstanceRef {
  readonly accountId: string;
  readonly teamId: string;
  readonly instanceId: string;
  /** The names the popover shows: the team's row and the instance's. */
  readonly teamName: string;
  readonly instanceName: string;
}

/** The team's runtime in main's model now (getState over the page's bridge), or null. */
export function pushedRuntime(
  page: Page,
  accountId: string,
  teamId: string,
): Promise<TeamRuntime | null> {
  return page.evaluate(
    async ([account, team]) => {
      const result = await (window as unknown as LiveWindow).teamtray.getState();
      if (!result.ok) return null;
      const held = result.value.state.accounts.find((each) => each.id === account);
      return held?.teams.find((each) => each.id === team)?.runtime ?? null;
    },
    [accountId, teamId] as const,
  );
}

function instanceState(runtime: TeamRuntime | null, instanceId: string): string | null {
  return runtime?.instances.find((instance) => instance.id === instanceId)?.state ?? null;
}

/**
 * Presses Stop or Start on the instance's row, as the user does: the team opened by its chevron
 * if it is closed, the pointer on the row to show its buttons.
 */
export async function pressInstanceButton(
  page: Page,
  ref: InstanceRef,
  verb: 'Stop' | 'Start',
): Promise<void> {
  const row = instanceRow(page, ref.instanceName);
  await openTeamRows(page, ref.teamName);
  await pressRowButton(row, `${verb} ${ref.instanceName}`);
}

/** Main follows an action for a minute; a real start can take longer, so the list is re-read. */
const REREAD_EVERY_MS = 15_000;

/**
 * Waits until main pushes `wanted` for the instance and the row shows it; returns every state
 * pushed on the way ("stopping", …). While waiting it asks for a re-read now and then, as the
 * open popover does; a refusal under the row ends the wait with its words.
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
    if (state === wanted) {
      await expect(instanceRow(page, ref.instanceName).locator('.child-state')).toHaveText(
        stateLabel(wanted),
      );
      return seen;
    }
    // A refusal shows under the row (main's words): no point waiting for the state.
    const refusal = instanceRow(page, ref.instanceName).getByRole('alert');
    if ((await refusal.count()) > 0) {
      throw new Error(`The popover refused: ${await refusal.first().innerText()}`);
    }
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
