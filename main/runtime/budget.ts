/**
 * Each account's byte budget for its teams' instances and devices. The caps per list
 * (main/flowfuse/list-caps.ts) bound one team; the budget bounds the account, whatever its
 * number of teams: a read that would pass it keeps what fits and counts the rest as "and N
 * more". Sizes are the items' JSON length, which is what the runtime cache writes for them.
 */
import type { LeftOut } from '../../common/left-out';
import { addLeftOut, leftOutOf } from '../flowfuse/list-caps';
import type { TeamReading } from '../model/facts';

/** What one account keeps of its instances and devices, in characters of JSON. */
export const ACCOUNT_RUNTIME_BUDGET = 4 * 1024 * 1024;

export function readingSize(reading: TeamReading): number {
  let size = 0;
  for (const instance of reading.instances) size += JSON.stringify(instance).length;
  for (const device of reading.devices) size += JSON.stringify(device).length;
  return size;
}

/** The reading cut to `allowed` characters (instances first), with its size. */
export function withinBudget(
  reading: TeamReading,
  allowed: number,
): { readonly reading: TeamReading; readonly size: number } {
  let size = 0;
  const fit = <T>(items: readonly T[]): { kept: readonly T[]; cut: number } => {
    let index = 0;
    for (; index < items.length; index += 1) {
      const next = size + JSON.stringify(items[index]).length;
      if (next > allowed) break;
      size = next;
    }
    return index === items.length
      ? { kept: items, cut: 0 }
      : { kept: items.slice(0, index), cut: items.length - index };
  };
  const instances = fit(reading.instances);
  // Once an instance did not fit, no device is kept either: the budget is spent.
  const devices =
    instances.cut > 0 ? { kept: [], cut: reading.devices.length } : fit(reading.devices);
  if (instances.cut === 0 && devices.cut === 0) return { reading, size };
  const more = (before: LeftOut | undefined, cut: number): LeftOut | undefined =>
    addLeftOut(before ?? null, leftOutOf([], 0, cut)) ?? undefined;
  const instancesLeftOut = more(reading.instancesLeftOut, instances.cut);
  const devicesLeftOut = more(reading.devicesLeftOut, devices.cut);
  return {
    reading: {
      instances: instances.kept,
      devices: devices.kept,
      ...(instancesLeftOut === undefined ? {} : { instancesLeftOut }),
      ...(devicesLeftOut === undefined ? {} : { devicesLeftOut }),
    },
    size,
  };
}
