// `npm start`'s entry (bundled to dist/server.mjs): the server with its console (start.ts).
import { start } from './start'

start({ console: true }).catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
