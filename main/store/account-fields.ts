/**
 * The small rules for what a user types about an account: its label and its token.
 * Shared by the registry (input) and the sanitiser (what comes back from disk).
 */
import { asToken, type Token } from '../../common/brand';
import { AppError } from '../../common/errors';
import { clipText, controlCharsAsSpaces } from '../../common/text';

const LABEL_MAX_LENGTH = 100;
/** A FlowFuse token is 49 characters; anything near this is not a token. */
const TOKEN_MAX_LENGTH = 512;
const TOKEN_SHAPE = /^ffpat_[A-Za-z0-9_-]{20,}$/;

/** Trimmed, control characters as spaces, at most 100 characters; '' means no label (the popover shows `user @ host`). */
export function cleanLabel(raw: string): string {
  return clipText(controlCharsAsSpaces(raw).trim(), LABEL_MAX_LENGTH).trim();
}

/** Trims a pasted token and refuses what cannot be one. A token of another shape may still try. */
export function checkToken(raw: string): Token {
  const token = raw.trim();
  if (token === '') throw new AppError('invalid_token', 'Paste an access token.');
  if (/\s/.test(token)) {
    throw new AppError('invalid_token', 'A token cannot contain spaces or line breaks.');
  }
  if (token.length > TOKEN_MAX_LENGTH) {
    throw new AppError('invalid_token', 'This is too long to be an access token.');
  }
  return asToken(token);
}

/** FlowFuse personal access tokens start with `ffpat_`: used to give a better hint on a 401. */
export function looksLikeFlowFuseToken(token: Token): boolean {
  return TOKEN_SHAPE.test(token);
}
