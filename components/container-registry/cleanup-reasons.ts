// The cleanup preview's reasons (lib/container-registry/cleanup.ts) in the words the console shows.
import type { CleanupDecisionJson } from '@/lib/container-registry/schema'

export const CLEANUP_REASONS: Record<CleanupDecisionJson['reason'], string> = {
  delete: 'Matches the delete pattern and no rule keeps it',
  latest: 'The latest tag is always kept',
  not_matching: 'Does not match the delete pattern',
  keep_regex: 'Matches the keep pattern',
  keep_n: 'One of the newest tags kept by “Keep the newest”',
  newer: 'Newer than “Older than”',
  protected: 'Protected by a tag protection rule',
  over_limit: 'Beyond the number of tags one cleanup considers',
}
