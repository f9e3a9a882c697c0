// One scheduler process for the scheduler bench: the app's own worker loop (runDueSchedules),
// polling every 500 ms until SIGTERM.
import { runDueSchedules } from '../../lib/pipeline-schedules/firer'

let stop = false
process.on('SIGTERM', () => (stop = true))
// The SIGTERM handler sets it between iterations; narrowing cannot see that.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
while (!stop) {
  const fired = await runDueSchedules()
  if (fired) console.log(`fired ${fired}`)
  await new Promise((r) => setTimeout(r, 500))
}
process.exit(0)
