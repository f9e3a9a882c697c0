// Types of pg-cluster.mjs, for the TypeScript tests that use it.
export interface PrivateCluster {
  dir: string
  port: number
  log: string
  start(): void
  stop(mode?: 'fast' | 'immediate'): void
  createDatabase(name: string, options?: { socket?: boolean }): string
  remove(): void
}

export function privateCluster(options?: { settings?: string[] }): Promise<PrivateCluster>
