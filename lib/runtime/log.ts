// Logging with pino, as JSON lines on stdout (or appended to LOG_FILE). Secrets never reach the logs
// (test/security/secrets-never-logged.test.ts greps the test servers' LOG_FILE for every secret):
// - logRequest() writes the one line per request. It carries only fixed fields (method, route
//   template, status, duration, request id), never the query string, headers or bodies, so it
//   skips pino's redaction pass, which cost ~12% of a small request's throughput.
// - logger() is for everything else (errors with objects) and redacts known secret fields.
import pino from 'pino'
import { config } from '../config'
import { processState } from '../util/process-state'

const g = processState('log', () => ({
  app: undefined as pino.Logger | undefined,
  /** The configured level's number (Infinity: silent), read once. */
  requestLevel: undefined as number | undefined,
  destination: undefined as ReturnType<typeof pino.destination> | undefined,
}))

const destination = () => {
  if (g.destination) return g.destination
  const file = config().logFile
  // Appending (O_APPEND) lets the processes of one instance (cluster workers, the tests' workers)
  // share a file: each buffered write holds whole lines.
  g.destination = pino.destination({
    dest: file ?? 1,
    sync: false,
    minLength: 4096,
    ...(file ? { append: true, mkdir: true } : {}),
  })
  return g.destination
}

/** Writes out the lines still buffered (tests read the log file; the buffer holds up to 4 KiB). */
export async function flushLog(): Promise<void> {
  const d = g.destination
  if (!d) return
  // Resolves at the next 'drain': once the buffer, and a write under way or a file still opening, are done.
  await new Promise<void>((resolve, reject) => d.flush((err) => (err ? reject(err) : resolve())))
}
const level = () => config().logLevel

export function logger(): pino.Logger {
  return (g.app ??= pino(
    {
      level: level(),
      base: undefined,
      redact: {
        paths: [
          'password',
          'token',
          'private_token',
          'access_token',
          '*.password',
          '*.token',
          'headers.authorization',
          'headers["private-token"]',
        ],
        censor: '[FILTERED]',
      },
    },
    destination(),
  ))
}

export interface RequestLine {
  method: string
  route: string
  status: number
  duration_ms: number
  request_id: string
}

/**
 * pino's line for a RequestLine at info level: the fields are fixed, so the line is one template
 * rather than pino's generic serializer (a sixteenth of a small request's time).
 */
export const requestLine = (line: RequestLine, time = Date.now()): string =>
  `{"level":30,"time":${time},"method":${JSON.stringify(line.method)},"route":${JSON.stringify(line.route)},"status":${line.status},"duration_ms":${line.duration_ms},"request_id":${JSON.stringify(line.request_id)}}\n`

export function logRequest(line: RequestLine): void {
  if ((g.requestLevel ??= pino.levels.values[level()] ?? Infinity) > pino.levels.values.info!) return
  destination().write(requestLine(line))
}
