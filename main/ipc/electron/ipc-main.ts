/**
 * Registers one ipcMain handler per contract method and forwards the core's pushes to the popover.
 *
 * Every request is checked before the core sees it: it must come from the popover's own top
 * frame, on app://teamtray. A foreign sender (another window, a subframe, a page that navigated
 * away) gets a refusal as a Result; nothing is ever thrown across IPC, since Electron would hand
 * the renderer the error's text. The core's dispatch then validates the payload with the
 * contract's schema.
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import {
  channels,
  eventChannels,
  methods,
  type EventName,
  type EventPayloads,
} from '../../../common/contract';
import type { Result } from '../../../common/errors';
import type { Core } from '../../core-types';
import type { Logger } from '../../log';
import { isAppUrl } from '../../popover/app-origin';

export const REFUSED_SENDER: Result<never> = Object.freeze({
  ok: false,
  error: Object.freeze({ code: 'invalid_request', message: 'Refused: not the Teamtray window.' }),
});

export const MALFORMED: Result<never> = Object.freeze({
  ok: false,
  error: Object.freeze({ code: 'invalid_request', message: 'Refused: the request is malformed.' }),
});

const INTERNAL: Result<never> = Object.freeze({
  ok: false,
  error: Object.freeze({
    code: 'internal',
    message: 'Something went wrong. The details are in the log.',
  }),
});

export interface IpcDeps {
  readonly ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  readonly core: Pick<Core, 'dispatch' | 'onEvent'>;
  /** The popover's web contents, when the window exists (menubar may recreate it). */
  readonly popover: () => WebContents | undefined;
  readonly log: Logger;
}

export interface IpcRegistration {
  /** Sends a push to the popover, if it is there to hear it. */
  readonly push: <E extends EventName>(event: E, payload: EventPayloads[E]) => void;
  dispose(): void;
}

/** The sender must be the popover's top frame, showing the app's own page. */
export function isTrustedSender(
  event: Pick<IpcMainInvokeEvent, 'senderFrame' | 'sender'>,
  popover: WebContents | undefined,
): boolean {
  try {
    const frame = event.senderFrame;
    if (frame === null || frame.isDestroyed() || frame.detached) return false;
    if (frame.parent !== null) return false;
    if (!isAppUrl(frame.url)) return false;
    return popover !== undefined && event.sender.id === popover.id;
  } catch {
    // A frame that went away mid-call throws on access: not trusted.
    return false;
  }
}

/**
 * Every contract request is nothing or a plain object. Checked here as well as by the schemas
 * because valibot's strictObject takes an empty array for a schema whose keys are all optional
 * (refresh, updateSettings).
 */
function isRequestShape(payload: unknown): boolean {
  if (payload === undefined) return true;
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return false;
  const proto: unknown = Object.getPrototypeOf(payload);
  return proto === Object.prototype || proto === null;
}

export function registerIpcHandlers(deps: IpcDeps): IpcRegistration {
  for (const method of methods) {
    deps.ipcMain.handle(channels[method], async (event, ...args: unknown[]) => {
      if (!isTrustedSender(event, deps.popover())) {
        deps.log.warn('ipc: request from a foreign sender refused', { method });
        return REFUSED_SENDER;
      }
      // The bridge sends exactly one argument; anything else did not come through it.
      if (args.length > 1 || !isRequestShape(args[0])) return MALFORMED;
      try {
        return await deps.core.dispatch(method, args[0]);
      } catch (error) {
        deps.log.error('ipc: dispatch threw', { method, error });
        return INTERNAL;
      }
    });
  }

  const push = <E extends EventName>(event: E, payload: EventPayloads[E]): void => {
    const target = deps.popover();
    if (target === undefined || target.isDestroyed()) return;
    target.send(eventChannels[event], payload);
  };
  const stopEvents = deps.core.onEvent(push);

  return {
    push,
    dispose(): void {
      stopEvents();
      for (const method of methods) deps.ipcMain.removeHandler(channels[method]);
    },
  };
}
