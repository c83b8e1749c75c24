/** Text with the search's match marked: pieces of text in a template, never markup. */
import { html, type TemplateResult } from 'lit';
import { findMatch } from '../state/highlight';

export function marked(text: string, query: string): TemplateResult | string {
  const found = findMatch(text, query);
  return found === null ? text : html`${found.before}<mark>${found.match}</mark>${found.after}`;
}
