/**
 * The words of a problem that is over, or that lasts, after an item's name: "is running again
 * (down 12 min)", "is out of safe mode (down 3 min)", "is back online (offline 40 min)", "still
 * crashed after 1 h". One place, so a notification and its summary say it the same way.
 */
import { durationWords } from '../../common/duration-words';
import type { Recovery, Trouble } from '../../common/state';

/** After the instance's name, for its recovery. */
export function recoveryWhat(recovered: Recovery): string {
  const what = recovered.from === 'safe' ? 'is out of safe mode' : 'is running again';
  return recovered.downMs === null ? what : `${what} (down ${durationWords(recovered.downMs)})`;
}

/** After a device's name, when it calls home again; `offlineMs` null when not known. */
export function backOnlineWhat(offlineMs: number | null): string {
  return offlineMs === null
    ? 'is back online'
    : `is back online (offline ${durationWords(offlineMs)})`;
}

const TROUBLE_WORDS: Readonly<Record<string, string>> = {
  crashed: 'crashed',
  safe: 'in safe mode',
  error: 'in error',
  'start-failed': 'not started',
};

/** After the instance's name, for a reminder: "still crashed after 1 h". */
export function stillDownWhat(trouble: Trouble, forMs: number): string {
  return `still ${TROUBLE_WORDS[trouble.what] ?? trouble.what} after ${durationWords(forMs)}`;
}
