// What the bench measures. To add an endpoint, append one entry:
//   name     label in the table and in bench/results.json
//   mount    'bare' (the node:http baseline), 'direct' (npm start's default: node:http → dispatcher)
//            or 'next' (API_MOUNT=next: node:http → Next.js → app/api/v4/[...path]/route.ts)
//   path     request path, or (seed) => path for seeded ids (seed = {groupId, projectId, projects})
//   headers  extra request headers (AUTH = root's personal access token)
//   status   the answer expected (default 200); anything else skips the scenario with the reason
//   api      an API endpoint: gets the p99 target (on the default mount)
//   minRatio target for req/s ÷ bare node:http req/s
//   compare  scenarios sharing a key on both mounts are printed side by side (direct vs next)

/** Root's token: the bench starts the servers with INITIAL_ROOT_TOKEN set to it. */
export const ROOT_TOKEN = 'glpat-bench-root-0123456789abcdef'
export const AUTH = { 'PRIVATE-TOKEN': ROOT_TOKEN }
/** A regular user, Developer of the 10,000-group tree's top group (scripts/bench/seed-groups.ts). */
export const USER_AUTH = { 'PRIVATE-TOKEN': 'glpat-bench-user-0123456789abcdef' }

// With API_MOUNT=next, /-/liveness is not routed to the API at all (Next answers its HTML 404
// page), so the constant-JSON probe of the route handler is an unrouted /api/v4 path: a fixed
// {"error":"404 Not Found"} from the dispatcher, no database, no auth. It runs on both mounts so
// the mount comparison is like for like.
const UNROUTED = '/api/v4/bench-unrouted'

export const scenarios = [
  { name: 'bare node:http', mount: 'bare', path: '/' },
  { name: 'constant JSON, direct mount', mount: 'direct', path: '/-/liveness' },
  { name: 'constant JSON (404), direct mount', mount: 'direct', path: UNROUTED, status: 404, compare: 'constant JSON (unrouted 404)' },
  { name: 'constant JSON, Next route handler', mount: 'next', path: UNROUTED, status: 404, compare: 'constant JSON (unrouted 404)' },
  { name: 'GET /version, direct mount', mount: 'direct', path: '/api/v4/version', headers: AUTH, api: true, compare: 'GET /version (token)' },
  { name: 'GET /version, Next route handler', mount: 'next', path: '/api/v4/version', headers: AUTH, api: true, compare: 'GET /version (token)' },
  { name: 'GET /projects/:id', mount: 'direct', path: (seed) => `/api/v4/projects/${seed.projectId}`, headers: AUTH, api: true, minRatio: 0.15 },
  { name: 'GET /projects?per_page=20 (10k)', mount: 'direct', path: '/api/v4/projects?per_page=20', headers: AUTH, api: true, minRatio: 0.05 },
  { name: 'GET /groups?per_page=20 anonymous keyset (10k)', mount: 'direct', path: '/api/v4/groups?per_page=20&pagination=keyset&order_by=name&sort=asc', api: true },
  { name: 'GET /groups?per_page=20 member, offset (10k)', mount: 'direct', path: '/api/v4/groups?per_page=20&page=3', headers: USER_AUTH, api: true },
  { name: 'GET /groups?per_page=20 admin, offset (10k)', mount: 'direct', path: '/api/v4/groups?per_page=20&all_available=true', headers: AUTH, api: true },
  { name: 'GET /application/settings (admin)', mount: 'direct', path: '/api/v4/application/settings', headers: AUTH, api: true },
  { name: 'GET /broadcast_messages (public)', mount: 'direct', path: '/api/v4/broadcast_messages', api: true },
]

// Targets from the issue that are not per scenario.
export const TARGETS = { p99Ms: 50, startupMs: 5000, rssMb: 300, mountSpeedup: 2 }
