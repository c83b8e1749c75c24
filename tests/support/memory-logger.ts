/** A logger that keeps its lines, for tests and for the secrecy checks. */
import { createLogger, type Logger } from '../../main/log';

export function createMemoryLogger(): Logger & { readonly lines: string[] } {
  const lines: string[] = [];
  return Object.assign(
    createLogger((level, line) => lines.push(`${level} ${line}`)),
    { lines },
  );
}
