// `npm start`'s entry (bundled to dist/server.mjs): the server with its console (start.ts).
import { ConfigError } from '../config'
import { start } from './start'

start({ console: true }).catch((err: unknown) => {
  // A bad variable is the operator's to fix: one line naming it, not a stack.
  console.error(err instanceof ConfigError ? err.message : err)
  process.exit(1)
})
