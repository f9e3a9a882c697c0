/** A migration's or entity's status as the StatusBadge tone it is drawn with. */
export const MIGRATION_TONE: Partial<Record<string, string>> = {
  created: 'pending',
  started: 'running',
  finished: 'success',
  failed: 'failed',
  canceled: 'canceled',
  timeout: 'failed',
}
