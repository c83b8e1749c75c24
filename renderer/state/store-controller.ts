/** A Lit reactive controller: its host renders again whenever the store changes. */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Store } from './store';

export class StoreController implements ReactiveController {
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    readonly store: Store,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.unsubscribe = this.store.subscribe(() => {
      this.host.requestUpdate();
    });
  }

  hostDisconnected(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }
}
