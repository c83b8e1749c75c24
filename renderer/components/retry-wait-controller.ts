/**
 * How long a "Try again" must wait (main's limit said so: AppErrorShape.retryAfterMs): the
 * seconds left, counted down once a second so the button can say them, then nothing.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class RetryWaitController implements ReactiveController {
  private until = 0;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** Starts a wait of `ms` (none for 0 or undefined), replacing any before it. */
  start(ms: number | undefined): void {
    this.stop();
    if (ms === undefined || ms <= 0) return;
    this.until = Date.now() + ms;
    this.timer = setInterval(() => {
      if (this.secondsLeft() === 0) this.stop();
      this.host.requestUpdate();
    }, 1_000);
  }

  /** Whole seconds still to wait, rounded up; 0 once it may be tried again. */
  secondsLeft(): number {
    return Math.max(0, Math.ceil((this.until - Date.now()) / 1_000));
  }

  hostDisconnected(): void {
    this.stop();
  }

  private stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }
}
