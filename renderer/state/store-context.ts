/**
 * How a component gets the store: tt-app provides it, every element under it asks for it when it
 * connects. By hand, not @lit/context (issue 30: 0.8 kB gzip of the first script for one object
 * known from the start): the element sends one composed event up its tree when it connects, and
 * the provider above it (tt-app) answers by filling it in and stopping it there.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Store } from './store';

/** The event a consumer sends up, and a provider answers. */
const STORE_REQUEST = 'tt-store-request';

interface StoreRequest {
  store?: Store;
}

/** Makes `host` (tt-app) answer every request for the store from the elements under it. */
export function provideStore(host: HTMLElement, store: Store): void {
  host.addEventListener(STORE_REQUEST, (event) => {
    event.stopPropagation();
    (event as CustomEvent<StoreRequest>).detail.store = store;
  });
}

/** The store tt-app provides, for an element under it; read it once the element is connected. */
export class StoreConsumer implements ReactiveController {
  private found: Store | undefined;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  hostConnected(): void {
    const request: StoreRequest = {};
    this.host.dispatchEvent(
      new CustomEvent(STORE_REQUEST, { detail: request, bubbles: true, composed: true }),
    );
    this.found = request.store ?? this.found;
  }

  get store(): Store {
    if (this.found === undefined) throw new Error('No store: this element is not under tt-app.');
    return this.found;
  }
}
