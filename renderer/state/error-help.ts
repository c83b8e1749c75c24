/**
 * The words under a row for a failure of something tried on it (./form-error-help.ts has the
 * account form's help for an error).
 */
import type { AppErrorShape } from '../../common/errors';

/**
 * What a row says when its token was refused. The account's header says it in full, with
 * Replace token ("Token expired on 12 Dec" where the expiry was known, else "Token expired or
 * revoked"): the row points there rather than repeating, or contradicting, the header.
 */
export const TOKEN_REFUSED_ON_ROW = 'Token refused: see Replace token above.';

/** The words under a row for a failure of something tried on it. */
export function rowErrorText(error: AppErrorShape): string {
  return error.code === 'unauthorized' ? TOKEN_REFUSED_ON_ROW : error.message;
}
