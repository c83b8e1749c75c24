/** Runtime calls for in-memory fake clients whose servers have no instances and no devices. */
import type { RuntimeCalls } from '../../main/flowfuse/types';

export function emptyRuntimeCalls(): RuntimeCalls {
  return {
    listInstances: () => Promise.resolve({ instances: [], withState: false, leftOut: null }),
    instanceStates: () => Promise.resolve(new Map()),
    listDevices: () => Promise.resolve({ devices: [], leftOut: null }),
    instanceState: () => Promise.resolve('unknown'),
    instanceAction: () => Promise.resolve(),
  };
}
