/** The pins area: what the user did to pins, snoozes and quiet hours (pin-settings.ts applies it). */
import type { AreaHandlers } from '../ipc/area-handlers';
import type { PinSettings } from './pin-settings';

export function pinHandlers(pins: PinSettings): AreaHandlers<'changePins'> {
  return {
    changePins: (intent) => Promise.resolve(pins.change(intent)),
  };
}
