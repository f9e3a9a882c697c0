// GitLab's application rate limits for single endpoints (Gitlab::ApplicationRateLimiter, e.g.
// group_export_limit requests per minute per user): counted in the database like the throttles,
// so every process counts together. 0 disables a limit.
import { ApiError } from '../api/errors'
import { currentSettings } from '../settings/service'
import { hit } from './counter'

export const tooManyRequests = () =>
  new ApiError(
    429,
    { message: { error: 'This endpoint has been requested too many times. Try again later.' } },
    { 'Retry-After': '60' },
  )

/** Counts one request of `scope` against the setting's per-minute limit; 429 once it is exceeded. */
export async function checkRateLimit(
  setting: 'group_export_limit' | 'group_import_limit',
  scope: (string | number)[],
): Promise<void> {
  const limit = Number((await currentSettings())[setting] ?? 0)
  if (!limit) return
  const window = Math.floor(Date.now() / 60_000)
  const count = await hit(`app:${setting}:${scope.join(':')}:${window}`, new Date((window + 2) * 60_000))
  if (count > limit) throw tooManyRequests()
}
