// One pino JSON line per request. Secrets never reach it: we log the route template, never the
// query string or headers, and redact known secret fields if a caller passes objects.
import pino from 'pino'
import { config } from '../config'

const g = globalThis as { __appLogger?: pino.Logger }

export function logger(): pino.Logger {
  return (g.__appLogger ??= pino({
    level: process.env.NODE_ENV === 'test' && !process.env.LOG_LEVEL ? 'silent' : config().logLevel,
    base: undefined,
    redact: {
      paths: ['password', 'token', 'private_token', 'access_token', '*.password', '*.token', 'headers.authorization', 'headers["private-token"]'],
      censor: '[FILTERED]',
    },
  }, pino.destination({ dest: 1, sync: false, minLength: 4096 })))
}
