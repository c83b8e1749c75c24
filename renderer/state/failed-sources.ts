/**
 * Image addresses that failed to load (offline, blocked, gone), so a row built again (a search,
 * a scroll, a push) does not ask for them again and fail again: each attempt is a request and an
 * error to handle while the user types. A failure is forgotten after a while, so an avatar comes
 * back once the network does.
 */
export class FailedSources {
  private readonly failedAt = new Map<string, number>();

  constructor(private readonly retryAfterMs: number) {}

  failed(src: string, now: number): void {
    this.failedAt.set(src, now);
  }

  /** Whether to leave this address out for now. */
  skip(src: string, now: number): boolean {
    const at = this.failedAt.get(src);
    if (at === undefined) return false;
    if (now - at < this.retryAfterMs) return true;
    this.failedAt.delete(src);
    return false;
  }
}
