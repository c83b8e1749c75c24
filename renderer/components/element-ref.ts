/**
 * `${elementRef(callback)}` on an element in a template: calls `callback(element)` when the
 * template first renders that element, and again only if the element or the callback changes.
 * What the list needs of it: its scroller (the row window measures and scrolls it) and the rename
 * editor, focused once it is drawn.
 *
 * Written here rather than taken from Lit's `ref`: `ref` is an AsyncDirective (it also calls back
 * with `undefined` when the element leaves the page), which brings lit-html's async-directive
 * into the popover's first script, 0.6 kB of it gzipped for these two uses (issue 30: a first
 * script under 36 kB), and neither needs the call on leaving: the window checks that its scroller
 * is still connected, and the editor's callback ignores anything but an input.
 */
import { nothing, type ElementPart } from 'lit';
import { Directive, directive } from 'lit/directive.js';

type Callback = (element: Element) => void;

class ElementRef extends Directive {
  private given: Element | null = null;
  private callback: Callback | null = null;

  /** It draws nothing; its parameter is there for Lit, which types `elementRef(…)` from it. */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- read by the types, not the code
  render(callback: Callback): typeof nothing {
    return nothing;
  }

  override update(part: ElementPart, [callback]: [Callback]): typeof nothing {
    if (part.element !== this.given || callback !== this.callback) {
      this.given = part.element;
      this.callback = callback;
      callback(part.element);
    }
    return nothing;
  }
}

export const elementRef = directive(ElementRef);
