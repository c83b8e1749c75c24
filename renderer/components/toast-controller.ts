/**
 * One short note at a time at the bottom of the popover ("Renamed A → B · Undo", "Copied the
 * address of A"): it stays a few seconds, longer while the pointer or the focus is on it, so an
 * Undo is never pulled away from under the hand that reaches for it.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

interface ToastAction {
  readonly label: string;
  readonly run: () => void;
}

export interface Toast {
  readonly text: string;
  readonly action?: ToastAction;
}

/** Children ask for a toast with this event (`tt-toast`); the app's ToastController shows it. */
export function toastEvent(toast: Toast): CustomEvent<Toast> {
  return new CustomEvent<Toast>('tt-toast', { detail: toast, bubbles: true, composed: true });
}

const TOAST_MS = 6_000;
/** After the pointer or the focus leaves the toast. */
const LINGER_MS = 2_500;

export class ToastController implements ReactiveController {
  current: Toast | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private held = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly durationMs = TOAST_MS,
  ) {
    host.addController(this);
  }

  show(toast: Toast): void {
    this.current = toast;
    this.held = false;
    this.arm(this.durationMs);
    this.host.requestUpdate();
  }

  dismiss(): void {
    clearTimeout(this.timer);
    if (this.current === null) return;
    this.current = null;
    this.held = false;
    this.host.requestUpdate();
  }

  /** Runs the toast's action once (Undo), and the toast goes. */
  act(): boolean {
    const action = this.current?.action;
    if (action === undefined) return false;
    this.dismiss();
    action.run();
    return true;
  }

  /** The pointer or the focus is on the toast: keep it. */
  readonly hold = (): void => {
    this.held = true;
    clearTimeout(this.timer);
  };

  /** ...and left it: let it go a little later. */
  readonly release = (): void => {
    if (!this.held) return;
    this.held = false;
    this.arm(LINGER_MS);
  };

  hostDisconnected(): void {
    clearTimeout(this.timer);
  }

  private arm(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.dismiss();
    }, ms);
  }
}
