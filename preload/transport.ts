/**
 * The bridge's transport over ipcRenderer. Listeners get the payload only: the IpcRendererEvent
 * (and its `sender`) never reaches the page.
 */
import type { IpcRenderer, IpcRendererEvent } from 'electron';
import type { BridgeTransport } from './bridge';

export type IpcRendererLike = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;

export function ipcTransport(ipc: IpcRendererLike): BridgeTransport {
  return {
    invoke: (channel, payload) => ipc.invoke(channel, payload) as Promise<unknown>,
    on: (channel, listener) => {
      const strip = (_event: IpcRendererEvent, payload: unknown): void => {
        listener(payload);
      };
      ipc.on(channel, strip);
      return () => {
        ipc.removeListener(channel, strip);
      };
    },
  };
}
