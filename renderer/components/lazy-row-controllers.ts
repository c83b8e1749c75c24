/**
 * What the rows under a team act through (an instance's and a device's actions, an instance's
 * log, the bulk action), in the first script only as this stand-in: the controllers themselves
 * come with the rows' part (./child-rows-part.ts, ./lazy-rows.ts) and are made, with the list as
 * their host, the first time they are used once it is in. Before that no such row is drawn, so
 * there is nothing pending, shown or said; a call that must act (the attention bar's "Restart
 * all crashed", on the first screen) waits for the part, then acts.
 */
import type { ReactiveControllerHost } from 'lit';
import type { InstanceAction } from '../../common/runtime';
import type { DeviceAction, DeviceMode } from '../../common/device-actions';
import type { BulkRef } from '../../common/bulk';
import type { DeviceRow, InstanceRow } from '../state/runtime-rows';
import type { Store } from '../state/store';
import type { BulkController } from './bulk-controller';
import type { DeviceActionsController } from './device-actions-controller';
import type {
  InstanceActionsController,
  InstanceActionsOptions,
} from './instance-actions-controller';
import type { InstanceLogController } from './instance-log-controller';
import { childRowsLoaded, loadChildRows, type ChildRowsModule } from './lazy-rows';
import type { Toast } from './toast-controller';
import type { Question } from './tt-confirm';

export interface RowControllerOptions extends InstanceActionsOptions {
  readonly confirm: (question: Question) => Promise<boolean>;
  /** Shows a toast (the log's "Copied"). */
  readonly toast: (toast: Toast) => void;
}

interface Controllers {
  readonly actions: InstanceActionsController;
  readonly devices: DeviceActionsController;
  readonly logs: InstanceLogController;
  readonly bulk: BulkController;
}

export class LazyRowControllers {
  private made: Controllers | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly storeOf: () => Store,
    private readonly options: RowControllerOptions,
  ) {}

  /** The controllers, made on first use once the part is in; null before. */
  private now(): Controllers | null {
    if (this.made !== null) return this.made;
    const module = childRowsLoaded();
    return module === null ? null : this.make(module);
  }

  /**
   * Runs `use` on the controllers: at once (in the caller's task: a click's draft shows in its
   * own frame) when they are made, else once the part is in.
   */
  private use(use: (made: Controllers) => unknown): Promise<void> {
    const now = this.now();
    if (now !== null) return Promise.resolve(use(now)).then(() => undefined);
    return loadChildRows().then(async () => {
      const made = this.now();
      if (made === null) throw new Error('the rows’ part did not load');
      await use(made);
    });
  }

  private make(module: ChildRowsModule): Controllers {
    const { host, storeOf, options } = this;
    this.made = {
      actions: new module.InstanceActionsController(host, storeOf, options),
      devices: new module.DeviceActionsController(host, storeOf, options.refocus),
      logs: new module.InstanceLogController(host, storeOf, options.toast),
      bulk: new module.BulkController(host, storeOf, options.confirm),
    };
    return this.made;
  }

  readonly actions = {
    announcement: (): string => this.now()?.actions.announcement ?? '',
    pendingAction: (key: string): InstanceAction | null =>
      this.now()?.actions.pendingAction(key) ?? null,
    act: (row: InstanceRow, action: InstanceAction): Promise<void> =>
      this.use((made) => made.actions.act(row, action)),
    openInstance: (row: InstanceRow, page: 'editor' | 'flowfuse' | 'audit-log'): void => {
      void this.use((made) => {
        made.actions.openInstance(row, page);
      });
    },
    openDevice: (row: DeviceRow): void => {
      void this.use((made) => {
        made.actions.openDevice(row);
      });
    },
  };

  readonly devices = {
    announcement: (): string => this.now()?.devices.announcement ?? '',
    pendingAction: (key: string): DeviceAction | null =>
      this.now()?.devices.pendingAction(key) ?? null,
    restart: (row: DeviceRow): Promise<void> => this.use((made) => made.devices.restart(row)),
    setMode: (row: DeviceRow, mode: DeviceMode): Promise<void> =>
      this.use((made) => made.devices.setMode(row, mode)),
    openEditor: (row: DeviceRow): void => {
      void this.use((made) => {
        made.devices.openEditor(row);
      });
    },
  };

  readonly logs = {
    shown: (row: InstanceRow): boolean => this.now()?.logs.shown(row) ?? false,
    allShown: (key: string): boolean => this.now()?.logs.allShown(key) ?? false,
    toggle: (row: InstanceRow): void => {
      void this.use((made) => {
        made.logs.toggle(row);
      });
    },
    toggleAll: (row: InstanceRow): void => {
      void this.use((made) => {
        made.logs.toggleAll(row);
      });
    },
    read: (row: InstanceRow): void => {
      void this.use((made) => {
        made.logs.read(row);
      });
    },
    copy: (row: InstanceRow): Promise<void> => this.use((made) => made.logs.copy(row)),
    open: (row: InstanceRow): void => {
      void this.use((made) => {
        made.logs.open(row);
      });
    },
  };

  readonly bulk = {
    note: (): string => this.now()?.bulk.note ?? '',
    clearNote: (): void => {
      this.now()?.bulk.clearNote();
    },
    run: (action: InstanceAction, refs?: readonly BulkRef[]): Promise<void> =>
      this.use((made) => made.bulk.run(action, refs)),
  };
}

export type RowActions = LazyRowControllers['actions'];
export type RowDeviceActions = LazyRowControllers['devices'];
export type RowLogs = LazyRowControllers['logs'];
