// The layers of docs/architecture.md ("The rules"), checked by `npm run lint:deps` (a step of `npm test`).
// One direction only:
//   app → components → lib/console → lib/<domain>/endpoints → lib/<domain>/(service, …) → lib/db
// with lib/api (the kernel) and lib/config, lib/runtime (caches, logging), lib/util (the base, process state included) below every domain, and
// lib/server + lib/endpoints.ts (the composition root: the registry, the dispatcher's hooks, start-up)
// above the domains. Table ownership between domains is not visible to imports:
// scripts/check-table-ownership.ts checks it (run by lint:deps too).
//
// Test files (*.test.ts) are harnesses, not layers: they may reach across (a contract test reads the
// whole registry), so the layer rules skip them; the generated-client rule and no-circular do not.

const TEST = '\\.test\\.tsx?$'
const BASE = '^lib/(config|cache|util|runtime)/'
// An endpoints module: lib/<domain>/endpoints.ts or lib/<domain>/<something>-endpoints.ts.
const ENDPOINTS = '^lib/[^/]+/[^/]*endpoints\\.ts$'
const COMPOSITION = '^lib/(server/|endpoints\\.ts$)'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        "No value-import cycles. A cycle made only of `import type` edges is allowed: types are erased, so it cannot change the order modules run in (the settings definitions and their helpers name each other's types).",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'generated-only-via-db',
      severity: 'error',
      comment:
        "The generated Prisma clients are lib/db's business: import model types from lib/db (`import type { Project } from '../db'`).",
      from: { pathNot: '^lib/db/' },
      to: { path: '^lib/db/generated/' },
    },
    {
      name: 'nothing-imports-app',
      severity: 'error',
      comment: 'app/ is the top layer: pages and route handlers.',
      from: { path: '^(lib|components)/', pathNot: TEST },
      to: { path: '^app/' },
    },
    {
      name: 'lib-not-to-components',
      severity: 'error',
      comment: 'components/ (the UI kit) sits above lib/.',
      from: { path: '^lib/', pathNot: TEST },
      to: { path: '^components/' },
    },
    {
      name: 'components-no-data-access',
      severity: 'error',
      comment:
        'Components get data from pages (api.call) or through /api/v4 (react-query); never from the database, a service or the server.',
      from: { path: '^components/' },
      to: { path: ['^lib/db/', '^lib/server/', '^lib/endpoints\\.ts$', '^lib/[^/]+/service\\.ts$'] },
    },
    {
      name: 'console-only-from-above',
      severity: 'error',
      comment:
        "lib/console (the console's server side: session, in-process api.call, server actions) sits above the domains: a domain must not import it.",
      from: { path: '^lib/', pathNot: ['^lib/console/', TEST] },
      to: { path: '^lib/console/' },
    },
    {
      name: 'composition-only-from-above',
      severity: 'error',
      comment:
        'lib/server and the registry lib/endpoints.ts wire every domain together; only the console and app may import them (a type-only import, e.g. the generated-client check, wires nothing).',
      from: { path: '^lib/', pathNot: ['^lib/console/', COMPOSITION, TEST] },
      to: { path: COMPOSITION, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'services-not-to-endpoints',
      severity: 'error',
      comment:
        'Endpoints call services, never the other way round; only the registry (lib/endpoints.ts) lists endpoints.',
      from: { path: '^lib/[^/]+/', pathNot: [ENDPOINTS, COMPOSITION, TEST] },
      to: { path: ENDPOINTS },
    },
    {
      name: 'endpoints-not-to-other-domains-endpoints',
      severity: 'error',
      comment: "A domain's endpoints reach another domain through its service.",
      from: { path: '^lib/([^/]+)/[^/]*endpoints\\.ts$' },
      to: { path: ENDPOINTS, pathNot: '^lib/$1/' },
    },
    {
      name: 'kernel-knows-no-domain',
      severity: 'error',
      comment:
        'lib/api knows HTTP, not domains: what it needs from them (authentication, sudo, admin mode, throttles, job tokens) the app plugs in as dispatcher hooks (lib/server/handler.ts). It may use the base and lib/db (infrastructure: the count cache keys on the write generation).',
      from: { path: '^lib/api/', pathNot: TEST },
      to: { path: '^lib/', pathNot: ['^lib/api/', BASE, '^lib/db/'] },
    },
    {
      name: 'db-is-the-bottom',
      severity: 'error',
      comment:
        'lib/db (Prisma client, migrations, fast reads) knows no domain and no HTTP; seeding lives in lib/server.',
      from: { path: '^lib/db/', pathNot: ['^lib/db/generated/', TEST] },
      to: { path: '^lib/', pathNot: ['^lib/db/', BASE] },
    },
    {
      name: 'base-is-the-base',
      severity: 'error',
      comment: 'lib/config, lib/runtime and lib/util are used by every layer and use none.',
      from: { path: BASE, pathNot: TEST },
      to: { path: '^lib/', pathNot: BASE },
    },
    {
      name: 'endpoints-not-to-db',
      severity: 'error',
      comment: 'Endpoints call services; a Prisma call belongs in the service (types from lib/db are fine).',
      from: { path: ENDPOINTS },
      to: { path: '^lib/db/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    // The generated clients are big and import only each other: seen as leaves, not cruised. (Not
    // `exclude`, which would hide the very imports generated-only-via-db looks for.)
    doNotFollow: { path: ['node_modules', '^lib/db/generated/'] },
    tsConfig: { fileName: 'tsconfig.json' },
    // Keeps `import type` edges (erased by tsc) so rules can tell them apart (dependencyTypes 'type-only').
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
