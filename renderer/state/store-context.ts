/**
 * How a component gets the store: tt-app provides it (@lit/context), every element under it
 * asks for it when it connects. A test can provide a store of its own the same way.
 */
import { ContextConsumer, createContext } from '@lit/context';
import type { ReactiveControllerHost } from 'lit';
import type { Store } from './store';

export const storeContext = createContext<Store>(Symbol('teamtray-store'));

/** The store tt-app provides, for an element under it; read it once the element is connected. */
export class StoreConsumer {
  private readonly consumer: ContextConsumer<
    typeof storeContext,
    ReactiveControllerHost & HTMLElement
  >;

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.consumer = new ContextConsumer(host, { context: storeContext });
  }

  get store(): Store {
    const store = this.consumer.value;
    if (store === undefined) throw new Error('No store: this element is not under tt-app.');
    return store;
  }
}
