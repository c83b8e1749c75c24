/**
 * One listener set with a way out: `on` returns the function that unsubscribes (a Disposable in
 * all but name). Written here rather than taken from a library because it is these twelve lines,
 * and every listener set in main and the renderer is one of these.
 */
export type Unsubscribe = () => void;

export class Emitter<T> {
  private readonly listeners = new Set<(value: T) => void>();

  on(listener: (value: T) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }

  clear(): void {
    this.listeners.clear();
  }
}
