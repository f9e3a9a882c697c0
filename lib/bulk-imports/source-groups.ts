// The source's groups the token's user owns (what the console offers to migrate): GET /groups with
// min_access_level=50 at the source, one page at a time, through the same guarded client.
import { ApiError } from '../api/errors'
import { SourceClient, SourceError } from './client'

export async function sourceGroups(
  config: { url: string; access_token: string },
  search: string | undefined,
  page: number,
) {
  let origin: string
  try {
    origin = new URL(config.url).origin
  } catch {
    throw new ApiError(422, { message: 'Invalid source URL. Enter only the base URL of the source GitLab instance.' })
  }
  const client = new SourceClient(origin, config.access_token)
  try {
    const res = await client.get<{ id: number; full_path: string; name: string; visibility: string }[]>('/groups', {
      min_access_level: 50,
      page,
      per_page: 20,
      ...(search ? { search } : {}),
    })
    if (res.status === 401 || res.status === 403)
      throw new ApiError(422, {
        message: "Import failed. Personal access token does not have the required 'api' scope or is no longer valid.",
      })
    if (res.status !== 200 || !Array.isArray(res.body))
      throw new ApiError(422, { message: 'Invalid source URL. Enter only the base URL of the source GitLab instance.' })
    return {
      groups: res.body.map((g) => ({ id: g.id, full_path: g.full_path, name: g.name, visibility: g.visibility })),
      next_page: Number(res.headers.get('x-next-page') || 0) || null,
    }
  } catch (e) {
    if (e instanceof SourceError) throw new ApiError(422, { message: `Import failed. ${e.message}` })
    throw e
  }
}
