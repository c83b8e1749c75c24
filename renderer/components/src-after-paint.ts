/**
 * An image's address, set once the frame that created the image has been painted: a list row
 * built while the user types shows in that frame without the request it starts, and a row gone
 * by then (the next keystroke) never asks at all.
 */
import { noChange } from 'lit';
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';

/** Runs `run` once the next frame has been painted. */
export const afterPaint = (run: () => void): void => {
  requestAnimationFrame(() => setTimeout(run, 0));
};

class SrcAfterPaint extends Directive {
  private src: string | null = null;

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('srcAfterPaint belongs on an <img>');
  }

  /** Gives the directive its argument; on an element only update() runs. */
  render(src: string): string {
    return src;
  }

  override update(part: ElementPart, [src]: [string]): typeof noChange {
    if (src === this.src) return noChange;
    const image = part.element;
    if (this.src !== null) {
      // The image's row now shows another team (row-slots.ts): not its last team's picture, nor
      // its failure, while the new one waits for the paint.
      image.removeAttribute('src');
      image.removeAttribute('hidden');
    }
    this.src = src;
    afterPaint(() => {
      if (image.isConnected && this.src === src) image.setAttribute('src', src);
    });
    return noChange;
  }
}

export const srcAfterPaint = directive(SrcAfterPaint);
