/**
 * One logger for main. Every line passes through redact(), so a token that slipped into an
 * error message never reaches the log.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const TOKEN_PATTERN = /ffpat_[A-Za-z0-9_-]+/g;
const BEARER_PATTERN = /(bearer\s+)[^\s"']+/gi;

function redact(text: string): string {
  return text.replace(TOKEN_PATTERN, 'ffpat_***').replace(BEARER_PATTERN, '$1***');
}

export type LogSink = (level: LogLevel, line: string) => void;

export function createLogger(sink: LogSink): Logger {
  const write = (level: LogLevel, message: string, fields?: Record<string, unknown>): void => {
    const suffix = fields === undefined ? '' : ` ${safeJson(fields)}`;
    sink(level, redact(`${message}${suffix}`));
  };
  return {
    debug: (m, f) => {
      write('debug', m, f);
    },
    info: (m, f) => {
      write('info', m, f);
    },
    warn: (m, f) => {
      write('warn', m, f);
    },
    error: (m, f) => {
      write('error', m, f);
    },
  };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, inner: unknown) =>
      inner instanceof Error ? { name: inner.name, message: inner.message } : inner,
    );
  } catch {
    return '[unserialisable]';
  }
}
