/**
 * The user's consent to send a token over plain http, for one address at a time: main refuses
 * (insecure_http) until the request says the user allowed it, and an allowance never carries over
 * to an address typed later.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class HttpConsentController implements ReactiveController {
  /** True while the question is on screen. */
  asking = false;

  private allowedFor: string | null = null;
  /** What to run again once the user allows http. */
  private again: (() => void) | null = null;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** Starts over, e.g. for another account; `allowedFor` is an address already allowed. */
  reset(allowedFor: string | null): void {
    this.allowedFor = allowedFor;
    this.again = null;
    this.setAsking(false);
  }

  /** Whether a request to `address` may say the user allowed plain http. */
  allows(address: string): boolean {
    return this.allowedFor !== null && this.allowedFor === address;
  }

  /** Main asked for consent: show the question, and run `again` if the user allows. */
  ask(again: () => void): void {
    this.again = again;
    this.setAsking(true);
  }

  /** The user allowed http for `address`: run what was refused again. */
  allow(address: string): void {
    this.allowedFor = address;
    const again = this.again;
    this.again = null;
    this.setAsking(false);
    again?.();
  }

  /** The user said no, or changed the address the question was about. */
  drop(): void {
    this.again = null;
    this.setAsking(false);
  }

  hostDisconnected(): void {
    this.again = null;
  }

  private setAsking(asking: boolean): void {
    if (asking === this.asking) return;
    this.asking = asking;
    this.host.requestUpdate();
  }
}
