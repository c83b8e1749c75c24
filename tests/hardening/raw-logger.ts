/** Loggers for the secrecy suite: one that keeps everything it is handed, and a fan-out. */
import type { Logger } from '../../main/log';

/** Everything the logger was handed, errors (stack, cause, own fields) included. */
export function rawLogger(lines: string[]): Logger {
  const write =
    (level: string) =>
    (message: string, fields?: Record<string, unknown>): void => {
      lines.push(`${level} ${message} ${deepText(fields)}`);
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

function deepText(value: unknown): string {
  if (value === undefined) return '';
  const seen = new WeakSet();
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (typeof inner === 'bigint') return inner.toString();
    if (typeof inner !== 'object' || inner === null) return inner;
    if (seen.has(inner)) return '[cycle]';
    seen.add(inner);
    if (inner instanceof Error) {
      const own: Record<string, unknown> = {};
      for (const key of Reflect.ownKeys(inner)) {
        if (typeof key === 'string') own[key] = (inner as unknown as Record<string, unknown>)[key];
      }
      return {
        name: inner.name,
        message: inner.message,
        stack: inner.stack,
        cause: inner.cause,
        ...own,
      };
    }
    if (inner instanceof Headers) return Object.fromEntries(inner);
    return inner;
  });
}

/** One logger that hands every call to each of the given ones. */
export function teeLogger(...loggers: readonly Logger[]): Logger {
  const each =
    (level: keyof Logger) =>
    (message: string, fields?: Record<string, unknown>): void => {
      for (const logger of loggers) logger[level](message, fields);
    };
  return { debug: each('debug'), info: each('info'), warn: each('warn'), error: each('error') };
}
