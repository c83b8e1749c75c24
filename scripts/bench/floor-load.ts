/** One cold load of the first-paint floor (./floor-page.ts), in the popover loads' harness. */
import type { Browser } from '@playwright/test';
import type { Core } from '../../main/core-types';
import { FLOOR_MARK } from './floor-page';
import { LOAD_TIMEOUT_MS, openBridgedPage } from './popover-load';
import type { RendererServer } from './renderer-server';

/** One cold load of the floor page: ms from navigation start to its line laid out. */
export async function loadFloor(
  browser: Browser,
  core: Core,
  renderer: RendererServer,
  teams: number,
): Promise<number> {
  const opened = await openBridgedPage(browser, core, renderer, 'clone');
  try {
    await opened.page.goto(renderer.floorPageUrl);
    await opened.bridge.mark(FLOOR_MARK, LOAD_TIMEOUT_MS).catch((error: unknown) => {
      const errors = opened.pageErrors.join('; ');
      throw new Error(
        `the floor page never laid out its line${errors === '' ? '' : `: ${errors}`}`,
        {
          cause: error,
        },
      );
    });
    const { at, text } = await opened.page.evaluate(
      (mark) => ({
        at: performance.getEntriesByName(mark)[0]?.startTime ?? null,
        text: document.body.textContent,
      }),
      FLOOR_MARK,
    );
    if (text !== `${teams} teams`) throw new Error(`the floor page says "${text}"`);
    if (at === null) throw new Error(`the floor page has no ${FLOOR_MARK} mark`);
    if (opened.pageErrors.length > 0) {
      throw new Error(`the floor page failed: ${opened.pageErrors.join('; ')}`);
    }
    return at;
  } finally {
    await opened.context.close();
  }
}
