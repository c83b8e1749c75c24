/**
 * Why FlowFuse refused to restart a device or change its developer mode, in words. FlowFuse's own
 * code is kept as `detail` where the caller answers it: `not_licensed` (the row then hides
 * developer mode) and `route_missing` (a 404 from a route the server may be too old for: the
 * caller decides from the server's version whether it was the route or the device).
 */
import { AppError } from '../../common/errors';

export type DeviceOperation = 'deviceAction' | 'deviceMode';

/**
 * Words for a refusal of a device action, or null when the generic words fit (401, 5xx, …).
 * `answer`: FlowFuse's `code` and its reason as http-errors.ts reads it (serverText).
 */
export function deviceRefused(
  operation: DeviceOperation,
  status: number,
  answer: { readonly code: unknown; readonly text: string | null },
  host: string,
): AppError | null {
  const { code, text } = answer;
  const restart = operation === 'deviceAction';
  if (status === 404) {
    return new AppError('not_found', `That device is no longer on ${host}. Refresh the list.`, {
      detail: 'route_missing',
    });
  }
  if (status === 403) {
    return new AppError(
      'forbidden',
      restart
        ? `${host} did not allow it: only a team owner can restart a device, and the token must not be read-only.`
        : `${host} did not allow it: your role in this team may not change developer mode (FlowFuse 2.4 asks for an owner), or the token is read-only.`,
    );
  }
  if (status !== 400) return null;
  switch (code) {
    case 'not_licensed':
      return new AppError(
        'action_refused',
        `${host}'s FlowFuse licence does not include developer mode.`,
        { detail: 'not_licensed' },
      );
    case 'no_device_comms':
      return new AppError(
        'action_refused',
        `${host} cannot reach its devices now (FlowFuse has no device broker running), so it could not restart this one.`,
        { detail: 'no_device_comms' },
      );
    case 'no_response':
      return new AppError('action_refused', 'The device did not answer: is it online?', {
        detail: 'no_response',
      });
    case 'device_suspended':
      return new AppError(
        'action_refused',
        'This device is suspended: FlowFuse will not restart it.',
        {
          detail: 'device_suspended',
        },
      );
    default:
      return new AppError(
        'action_refused',
        text === null ? `${host} refused it.` : `${host} refused it: ${text}`,
      );
  }
}
