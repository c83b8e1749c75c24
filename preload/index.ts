/**
 * The sandboxed preload: exposes one frozen API built from the contract, and nothing else. No raw
 * ipcRenderer, no Node. Bundled to CommonJS by electron-vite because a sandboxed preload can only
 * require 'electron'.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { API_KEY, channels, eventChannels } from '../common/contract';
import { createBridge } from './bridge';
import { ipcTransport } from './transport';

contextBridge.exposeInMainWorld(
  API_KEY,
  createBridge(channels, eventChannels, ipcTransport(ipcRenderer), { prefetchState: true }),
);
