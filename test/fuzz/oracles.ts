// What every answer must satisfy, whatever was sent (issue 34 §1): no status ≥ 500; a 4xx in one of
// GitLab's two body shapes, `{"message": …}` or `{"error": …}`, except where listed below; the
// canary planted in DATA_DIR never in a body or header. The no-partial-write oracle needs the
// database and lives in the test (digests before and after).
import type { FuzzRequest, FuzzResponse } from './send'

/**
 * 4xx answers GitLab itself gives in another shape: the one reviewed list (issue 34 §1, §2).
 * Each names what answers so and where GitLab does the same.
 */
export const SHAPE_EXCEPTIONS: { name: string; applies: (req: FuzzRequest, res: FuzzResponse) => boolean }[] = [
  {
    // Rack::Attack's throttle answer is plain text (shared/reference/gitlab-behaviour.md §1.9).
    name: '429 text body of the throttles (Rack::Attack "Retry later")',
    applies: (_req, res) => res.status === 429 && /^Retry later/.test(res.text),
  },
  {
    // GraphQL errors are GraphQL's `{"errors": [...]}` (GitLab's GraphqlController).
    name: '/api/graphql: {"errors": [...]}',
    applies: (req, res) => req.op.endsWith(' /api/graphql') && Array.isArray(parse(res.text)?.errors),
  },
  {
    // The registry token server speaks the Docker token spec: `{"errors":[{"code","message"}]}`
    // (GitLab's JwtController#render_unauthorized), and `head :not_found` for an unknown service,
    // a bare 404/405 with no body.
    name: '/jwt/auth: {"errors": [...]} or an empty body',
    applies: (req, res) => req.op === 'GET /jwt/auth' && (Array.isArray(parse(res.text)?.errors) || res.text === ''),
  },
  {
    // A request node's HTTP parser refuses never reaches the app (in GitLab nginx and Workhorse
    // answer it, in HTML): a malformed request line or header (400), a head past 16 KiB (431),
    // with no body and none of the app's headers.
    name: "node:http's own answer to a malformed or oversized request head",
    applies: (_req, res) =>
      [400, 413, 414, 431].includes(res.status) && res.text === '' && !('x-request-id' in res.headers),
  },
  {
    // A HEAD answer has no body by definition.
    name: 'HEAD: no body',
    applies: (req) => req.method === 'HEAD',
  },
]

function parse(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text)
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** Why this 4xx's body is not GitLab's, or null when it is (or an exception above applies). */
export function shapeProblem(req: FuzzRequest, res: FuzzResponse): string | null {
  if (res.status < 400 || res.status >= 500) return null
  if (SHAPE_EXCEPTIONS.some((e) => e.applies(req, res))) return null
  const body = parse(res.text)
  if (!body) return `${res.status} body is not a JSON object: ${res.text.slice(0, 120)}`
  if ('message' in body && body.message !== undefined && body.message !== null) return null
  if (typeof body.error === 'string') return null
  return `${res.status} body has neither "message" nor "error": ${res.text.slice(0, 120)}`
}

/** Every oracle but the database's, as a list of problems. */
export function answerProblems(req: FuzzRequest, res: FuzzResponse, canary: string): string[] {
  const problems: string[] = []
  if (res.status >= 500) problems.push(`status ${res.status}: ${res.text.slice(0, 200)}`)
  if (res.noAnswer && !req.socket) problems.push('no answer')
  const shape = shapeProblem(req, res)
  if (shape) problems.push(`shape: ${shape}`)
  if (res.text.includes(canary) || Object.values(res.headers).some((h) => h.includes(canary)))
    problems.push('the DATA_DIR canary was served')
  return problems
}

/** Whether the request was a write the server refused (so the database must be as before). */
export const refusedWrite = (req: FuzzRequest, res: FuzzResponse) =>
  !['GET', 'HEAD', 'OPTIONS'].includes(req.method) &&
  (res.noAnswer || (res.status >= 400 && res.status < 500) || res.status === 0)
