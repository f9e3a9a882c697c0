// dist/cluster.mjs, for scripts/start.mjs: the cluster's primary without the server bundle.
export { clusterSize, listeningLine, runCluster } from './cluster'

import { config, ConfigError } from '../config'

/** The configuration's problem as one line (a variable with a bad value), or null: checked before anything starts. */
export function configProblem(): string | null {
  try {
    config()
    return null
  } catch (err) {
    if (err instanceof ConfigError) return err.message
    throw err
  }
}
