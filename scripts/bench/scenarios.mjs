// What the bench measures. To add an endpoint, append one entry:
//   name     label in the table and in bench/results.json
//   mount    'bare' (the node:http baseline), 'direct' (npm start's default: node:http → dispatcher)
//            or 'next' (API_MOUNT=next: node:http → Next.js → app/api/v4/[...path]/route.ts)
//   path     request path, or (seed) => path for seeded ids (seed.ts's BENCH_SEED line + snippetId)
//   headers  extra request headers (AUTH = root's personal access token)
//   status   the answer expected (default 200); anything else skips the scenario with the reason
//   api      an API endpoint: gets the p99 target (on the default mount)
//   kind     'read' (one object) or 'list' (first page of 20): issue 18's ratio and p99 targets (KIND_TARGETS)
//   minRatio target for req/s ÷ bare node:http req/s (overrides the kind's)
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
  {
    name: 'constant JSON (404), direct mount',
    mount: 'direct',
    path: UNROUTED,
    status: 404,
    compare: 'constant JSON (unrouted 404)',
  },
  {
    name: 'constant JSON, Next route handler',
    mount: 'next',
    path: UNROUTED,
    status: 404,
    compare: 'constant JSON (unrouted 404)',
  },
  {
    name: 'GET /version, direct mount',
    mount: 'direct',
    path: '/api/v4/version',
    headers: AUTH,
    api: true,
    compare: 'GET /version (token)',
  },
  {
    name: 'GET /version, Next route handler',
    mount: 'next',
    path: '/api/v4/version',
    headers: AUTH,
    api: true,
    compare: 'GET /version (token)',
  },
  {
    name: 'GET /projects/:id',
    mount: 'direct',
    path: (seed) => `/api/v4/projects/${seed.projectId}`,
    headers: AUTH,
    api: true,
    kind: 'read',
  },
  {
    name: 'GET /projects?per_page=20 (10k)',
    mount: 'direct',
    path: '/api/v4/projects?per_page=20',
    headers: AUTH,
    api: true,
    kind: 'list',
  },
  {
    name: 'GET /groups?per_page=20 anonymous keyset (10k)',
    mount: 'direct',
    path: '/api/v4/groups?per_page=20&pagination=keyset&order_by=name&sort=asc',
    api: true,
    kind: 'list',
  },
  {
    name: 'GET /groups?per_page=20 member, offset (10k)',
    mount: 'direct',
    path: '/api/v4/groups?per_page=20&page=3',
    headers: USER_AUTH,
    api: true,
    kind: 'list',
  },
  {
    name: 'GET /groups?per_page=20 admin, offset (10k)',
    mount: 'direct',
    path: '/api/v4/groups?per_page=20&all_available=true',
    headers: AUTH,
    api: true,
    kind: 'list',
  },
  {
    name: 'GET /application/settings (admin)',
    mount: 'direct',
    path: '/api/v4/application/settings',
    headers: AUTH,
    api: true,
    kind: 'read',
  },
  {
    name: 'GET /broadcast_messages (public)',
    mount: 'direct',
    path: '/api/v4/broadcast_messages',
    api: true,
    kind: 'list',
  },
  // Issue 18: every single-object read and the first page of 20 of every list (seed: scripts/bench/seed.ts).
  {
    name: 'GET /groups/:id',
    mount: 'direct',
    path: (seed) => `/api/v4/groups/${seed.treeGroupId}`,
    headers: AUTH,
    api: true,
    kind: 'read',
  },
  {
    name: 'GET /users/:id',
    mount: 'direct',
    path: (seed) => `/api/v4/users/${seed.userId}`,
    headers: AUTH,
    api: true,
    kind: 'read',
  },
  { name: 'GET /user', mount: 'direct', path: '/api/v4/user', headers: AUTH, api: true, kind: 'read' },
  {
    name: 'GET /projects/:id/pipeline_schedules/:id',
    mount: 'direct',
    path: (seed) => `/api/v4/projects/${seed.projectId}/pipeline_schedules/${seed.scheduleId}`,
    headers: AUTH,
    api: true,
    kind: 'read',
  },
  {
    name: 'GET /projects/:id/pipelines/:id',
    mount: 'direct',
    path: (seed) => `/api/v4/projects/${seed.projectId}/pipelines/${seed.pipelineId}`,
    headers: AUTH,
    api: true,
    kind: 'read',
  },
  {
    name: 'GET /projects/:id/snippets/:id',
    mount: 'direct',
    path: (seed) => `/api/v4/projects/${seed.projectId}/snippets/${seed.snippetId}`,
    headers: AUTH,
    api: true,
    kind: 'read',
  },
  {
    name: 'GET /runners/:id',
    mount: 'direct',
    path: (seed) => `/api/v4/runners/${seed.runnerId}`,
    headers: AUTH,
    api: true,
    kind: 'read',
  },
  {
    name: 'GET /groups/:id/projects?per_page=20 (10k)',
    mount: 'direct',
    path: (seed) => `/api/v4/groups/${seed.groupId}/projects?per_page=20`,
    headers: AUTH,
    api: true,
    kind: 'list',
  },
  {
    name: 'GET /groups/:id/subgroups?per_page=20',
    mount: 'direct',
    path: (seed) => `/api/v4/groups/${seed.treeGroupId}/subgroups?per_page=20`,
    headers: AUTH,
    api: true,
    kind: 'list',
  },
  {
    name: 'GET /groups/:id/members?per_page=20',
    mount: 'direct',
    path: (seed) => `/api/v4/groups/${seed.groupId}/members?per_page=20`,
    headers: AUTH,
    api: true,
    kind: 'list',
  },
  {
    name: 'GET /projects/:id/pipeline_schedules?per_page=20',
    mount: 'direct',
    path: (seed) => `/api/v4/projects/${seed.projectId}/pipeline_schedules?per_page=20`,
    headers: AUTH,
    api: true,
    kind: 'list',
  },
  {
    name: 'GET /projects/:id/pipelines?per_page=20',
    mount: 'direct',
    path: (seed) => `/api/v4/projects/${seed.projectId}/pipelines?per_page=20`,
    headers: AUTH,
    api: true,
    kind: 'list',
  },
  {
    name: 'GET /projects/:id/snippets?per_page=20',
    mount: 'direct',
    path: (seed) => `/api/v4/projects/${seed.projectId}/snippets?per_page=20`,
    headers: AUTH,
    api: true,
    kind: 'list',
  },
  {
    name: 'GET /runners/all?per_page=20',
    mount: 'direct',
    path: '/api/v4/runners/all?per_page=20',
    headers: AUTH,
    api: true,
    kind: 'list',
  },
  {
    name: 'GET /bulk_imports?per_page=20',
    mount: 'direct',
    path: '/api/v4/bulk_imports?per_page=20',
    headers: AUTH,
    api: true,
    kind: 'list',
  },
]

// Issue 18's goals per kind of scenario: single-object reads and first pages of lists.
export const KIND_TARGETS = { read: { minRatio: 0.2, p99Ms: 10 }, list: { minRatio: 0.08, p99Ms: 25 } }

// Targets from the issue that are not per scenario.
// Issue 18 tightened start-up (< 1 s to the first 200 on a built app) and memory (< 250 MB per process).
export const TARGETS = { p99Ms: 50, startupMs: 1000, rssMb: 250, mountSpeedup: 2 }
