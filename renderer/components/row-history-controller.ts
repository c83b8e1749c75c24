/**
 * Which rows have their history open (#31 point 5): the UI's own state, kept per row key while
 * the app runs, like the open log (instance-log-controller.ts). Nothing of the history renders
 * until its row's History button opens it.
 */
import type { ReactiveControllerHost } from 'lit';

export class RowHistoryController {
  private readonly open = new Set<string>();

  constructor(private readonly host: ReactiveControllerHost) {}

  shown(key: string): boolean {
    return this.open.has(key);
  }

  toggle(key: string): void {
    if (!this.open.delete(key)) this.open.add(key);
    this.host.requestUpdate();
  }
}
