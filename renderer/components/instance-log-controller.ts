/**
 * The log under an instance row, as the list asks main for it: the Log button shows or hides it
 * (the user's choice, kept per row while the app runs; a problem shows it by itself) and asks
 * main to read it when it opens; Copy log has main copy the lines it holds; Open log in FlowFuse
 * has main open the page it builds from the saved account. The lines come as the model's patches.
 */
import type { ReactiveControllerHost } from 'lit';
import { rowErrorText } from '../state/error-help';
import { logShown } from '../state/instance-log';
import type { InstanceRow } from '../state/runtime-rows';
import type { Store } from '../state/store';
import type { Toast } from './toast-controller';

export class InstanceLogController {
  /** The user's own choice per row key: shown (true) or hidden (false). */
  private readonly chosen = new Map<string, boolean>();
  /** Rows whose every log line shows, not only the newest few. */
  private readonly all = new Set<string>();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly storeOf: () => Store,
    private readonly toast: (toast: Toast) => void,
  ) {}

  shown(row: InstanceRow): boolean {
    const choice = this.chosen.get(row.key) ?? null;
    // A pinned copy at the top stays one or two lines: its log opens only when asked for (the
    // row under its team still opens a crashed instance's log by itself).
    if (row.context !== undefined) return choice === true;
    return logShown(row.instance, choice);
  }

  /** Shows or hides the log; showing it reads it anew (main skips a read it just made). */
  toggle(row: InstanceRow): void {
    const show = !this.shown(row);
    this.chosen.set(row.key, show);
    this.host.requestUpdate();
    if (show) this.read(row);
  }

  allShown(key: string): boolean {
    return this.all.has(key);
  }

  toggleAll(row: InstanceRow): void {
    if (!this.all.delete(row.key)) this.all.add(row.key);
    this.host.requestUpdate();
  }

  read(row: InstanceRow): void {
    const store = this.storeOf();
    void store.connected.readInstanceLog(this.refOf(row)).then((result) => {
      if (!result.ok) store.reportRowError(row.key, rowErrorText(result.error));
    });
  }

  async copy(row: InstanceRow): Promise<void> {
    const store = this.storeOf();
    const result = await store.connected.copyInstanceLog(this.refOf(row));
    if (!result.ok) {
      store.reportRowError(row.key, rowErrorText(result.error));
      return;
    }
    this.toast({ text: `Copied the log of ${row.instance.name}` });
  }

  open(row: InstanceRow): void {
    const store = this.storeOf();
    void store.connected.openInstance({ ...this.refOf(row), page: 'logs' }).then((result) => {
      if (!result.ok) store.reportRowError(row.key, rowErrorText(result.error));
    });
  }

  private refOf(row: InstanceRow) {
    return { accountId: row.account.id, teamId: row.team.id, instanceId: row.instance.id };
  }
}
