/**
 * The word a row's icon button shows beside itself while pointed at or focused ("Rename",
 * "Restart"): generated content (its `::after`, worded-button.styles.ts), not an element, so no
 * locator finds it. What the page draws is read from the pseudo-element's computed style: its
 * text, and its box on the page, worked out from its used position and size as the browser laid
 * it out (left and top in the button's padding box, its size, the translate that centres it).
 */
import type { Locator } from '@playwright/test';

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface ShownWord {
  readonly text: string;
  readonly box: Box;
}

/** The word the button shows now, with its box; null while it shows none. */
export function shownWord(button: Locator): Promise<ShownWord | null> {
  return button.evaluate((element): ShownWord | null => {
    const word = getComputedStyle(element, '::after');
    // "Rename" / "" : the text, then the (empty) alternative for assistive technology.
    const text = /^"((?:[^"\\]|\\.)*)"/.exec(word.content)?.[1];
    if (word.display === 'none' || text === undefined || text === '') return null;
    const own = getComputedStyle(element);
    const px = (value: string): number => Number.parseFloat(value) || 0;
    // Its used size is its content's, or its border box's (the popover's box-sizing).
    const bordered = word.boxSizing === 'border-box';
    const around = (a: string, b: string): number => (bordered ? 0 : px(a) + px(b));
    const width = px(word.width) + around(word.paddingLeft, word.paddingRight);
    const height = px(word.height) + around(word.paddingTop, word.paddingBottom);
    const [shiftX = '0px', shiftY = '0px'] = word.translate.split(' ');
    const shift = (value: string, size: number): number =>
      value.endsWith('%') ? (px(value) / 100) * size : px(value);
    const button = element.getBoundingClientRect();
    return {
      text,
      box: {
        x: button.left + px(own.borderLeftWidth) + px(word.left) + shift(shiftX, width),
        y: button.top + px(own.borderTopWidth) + px(word.top) + shift(shiftY, height),
        width,
        height,
      },
    };
  });
}

/** Whether a box overlaps an element's (by more than a hairline). */
export async function overlapsBox(box: Box, other: Locator): Promise<boolean> {
  const two = await other.boundingBox();
  if (two === null) return false;
  const x = Math.min(box.x + box.width, two.x + two.width) - Math.max(box.x, two.x);
  const y = Math.min(box.y + box.height, two.y + two.height) - Math.max(box.y, two.y);
  return x > 1 && y > 1;
}
