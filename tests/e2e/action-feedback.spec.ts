/**
 * An instance's action, clicked, as the user meets it first: "Stopping…" in the click's own
 * update, and the pressed button, which that update takes away, hands the focus to its row
 * first (not to nothing, then back to the row with another update after it).
 */
import { expect, test } from './support/fixtures';
import { expander, instanceRow } from './support/locators';
import { plant } from './support/runtime-seed';

test('a Stop clicked draws the list once and hands the focus from its button to its row', async ({
  popover,
}) => {
  const { page } = popover;
  const { server } = await plant(popover);
  // A slow server: only the click itself reaches the list in its task.
  server.setFault({ kind: 'latency', ms: 600 }, { method: 'POST' });
  await expander(page, 'Alpha Works').click();
  const row = instanceRow(page, 'alpha-line-1');
  const stop = row.getByRole('button', { name: 'Stop alpha-line-1', exact: true });
  await row.hover();
  await expect(stop).toBeVisible();
  // From the click to the next frame: the list's updates, and where the focus went as the
  // button lost it.
  await page.evaluate(() => {
    const list = document.querySelector('tt-app')?.shadowRoot?.querySelector('tt-team-list');
    const root = list?.shadowRoot;
    if (list === undefined || list === null || root === null || root === undefined) {
      throw new Error('no list');
    }
    const seen = { updates: 0, focusWent: 'not moved', done: false };
    (window as unknown as { seen: typeof seen }).seen = seen;
    const counted = list as unknown as { updated: (changed: unknown) => void };
    const own = counted.updated;
    root.addEventListener(
      'click',
      (click) => {
        // The pressed button (focused by the press) losing the focus.
        (click.target as Element | null)?.closest('button')?.addEventListener(
          'focusout',
          (event) => {
            const to = event.relatedTarget;
            seen.focusWent = to instanceof HTMLElement ? (to.dataset.key ?? to.tagName) : 'nowhere';
          },
          { once: true },
        );
        counted.updated = function (this: unknown, changed: unknown) {
          seen.updates += 1;
          own.call(this, changed);
        };
        // Until the next frame starts: a row that changed height is followed in the frame after.
        requestAnimationFrame(() => {
          counted.updated = own;
          seen.done = true;
        });
      },
      { capture: true, once: true },
    );
  });
  await stop.click();
  await expect(row.locator('.child-state')).toHaveText('Stopping…');
  await expect(row).toBeFocused();
  const seen = await page.evaluate(
    () =>
      (window as unknown as { seen: { updates: number; focusWent: string; done: boolean } }).seen,
  );
  expect(seen.done).toBe(true);
  expect(seen.updates).toBe(1);
  expect(seen.focusWent).toBe(await row.getAttribute('data-key'));
});
