// The GraphQL API's subset a GitLab instance uses when it migrates groups and projects from here
// (direct transfer: lib/bulk_imports/*/graphql/*.rb): group(fullPath:) with its attributes and
// projects (cursor paging), project(fullPath:), currentUser. Reads go through the same finders as
// REST, so the caller sees exactly what /api/v4 would show them (null for what it may not see).
import type { GraphQLSchema } from 'graphql'
import { isApiError } from '../api/errors'
import type { Actor } from '../auth/actor'
import type { Namespace } from '../db'
import { groupWebUrl } from '../groups/entity'
import { findGroup } from '../groups/find'
import { groupSettings } from '../groups/settings'
import type { ProjectWithNamespace } from '../projects/entity'
import { projectWebUrl } from '../projects/entity'
import { findProject, projectsByIds } from '../projects/find'
import { listGroupProjects } from '../projects/finder'

const SDL = `
  scalar Time

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  type UserCore {
    id: ID!
    username: String!
    name: String!
    webUrl: String!
  }

  type Project {
    id: ID!
    name: String!
    path: String!
    fullPath: ID!
    nameWithNamespace: String!
    description: String
    visibility: String
    archived: Boolean
    createdAt: Time
    webUrl: String
    sharedRunnersEnabled: Boolean
    containerRegistryEnabled: Boolean
    onlyAllowMergeIfPipelineSucceeds: Boolean
    onlyAllowMergeIfAllDiscussionsAreResolved: Boolean
    requestAccessEnabled: Boolean
    printingMergeRequestLinkEnabled: Boolean
    removeSourceBranchAfterMerge: Boolean
    autocloseReferencedIssues: Boolean
    suggestionCommitMessage: String
    wikiEnabled: Boolean
  }

  type ProjectConnection {
    count: Int!
    nodes: [Project!]!
    pageInfo: PageInfo!
  }

  type Group {
    id: ID!
    name: String!
    path: String!
    fullPath: ID!
    fullName: String!
    description: String
    visibility: String
    webUrl: String!
    createdAt: Time
    emailsDisabled: Boolean
    lfsEnabled: Boolean
    mentionsDisabled: Boolean
    projectCreationLevel: String
    requestAccessEnabled: Boolean
    requireTwoFactorAuthentication: Boolean
    shareWithGroupLock: Boolean
    subgroupCreationLevel: String
    twoFactorGracePeriod: Int
    projects(includeSubgroups: Boolean = false, first: Int, after: String, search: String): ProjectConnection!
  }

  type Query {
    currentUser: UserCore
    group(fullPath: ID!): Group
    project(fullPath: ID!): Project
  }
`

// graphql-js is loaded and the schema built on the first query: most processes never get one, and
// start-up does not pay for either (≈ 75 ms).
let built: GraphQLSchema | undefined
export const schema = async (): Promise<GraphQLSchema> => (built ??= (await import('graphql')).buildSchema(SDL))

export interface GraphqlContext {
  actor: Actor | null
}

const gid = (type: string, id: number) => `gid://gitlab/${type}/${id}`
const MAX_PAGE = 100
const cursorOf = (offset: number) => Buffer.from(JSON.stringify({ offset })).toString('base64')
const offsetOf = (cursor: string | null | undefined) => {
  if (!cursor) return 0
  try {
    const n = Number((JSON.parse(Buffer.from(cursor, 'base64').toString()) as { offset?: unknown }).offset)
    return Number.isInteger(n) && n >= 0 ? n : 0
  } catch {
    return 0
  }
}

/** null for what the caller may not see (GraphQL's answer), errors for everything else. */
async function visible<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load()
  } catch (e) {
    if (isApiError(e) && (e.status === 404 || e.status === 403)) return null
    throw e
  }
}

function projectNode(p: ProjectWithNamespace) {
  return {
    id: gid('Project', p.id),
    name: p.name,
    path: p.path,
    fullPath: p.fullPath,
    nameWithNamespace: `${p.namespace.fullName} / ${p.name}`,
    description: p.description,
    visibility: p.visibility,
    archived: p.archived,
    createdAt: p.createdAt.toISOString(),
    webUrl: projectWebUrl(p.fullPath),
    sharedRunnersEnabled: p.sharedRunnersEnabled,
    containerRegistryEnabled: false,
    onlyAllowMergeIfPipelineSucceeds: false,
    onlyAllowMergeIfAllDiscussionsAreResolved: false,
    requestAccessEnabled: true,
    printingMergeRequestLinkEnabled: true,
    removeSourceBranchAfterMerge: true,
    autocloseReferencedIssues: true,
    suggestionCommitMessage: null,
    wikiEnabled: false,
  }
}

function groupNode(g: Namespace, ctx: GraphqlContext) {
  const s = groupSettings(g)
  return {
    id: gid('Group', g.id),
    name: g.name,
    path: g.path,
    fullPath: g.fullPath,
    fullName: g.fullName,
    description: g.description,
    visibility: g.visibility,
    webUrl: groupWebUrl(g.fullPath),
    createdAt: g.createdAt.toISOString(),
    emailsDisabled: (s as Record<string, unknown>).emails_enabled === false,
    lfsEnabled: s.lfs_enabled,
    mentionsDisabled: (s as Record<string, unknown>).mentions_disabled === true,
    projectCreationLevel: s.project_creation_level,
    requestAccessEnabled: s.request_access_enabled,
    requireTwoFactorAuthentication: s.require_two_factor_authentication,
    shareWithGroupLock: s.share_with_group_lock,
    subgroupCreationLevel: s.subgroup_creation_level,
    twoFactorGracePeriod: s.two_factor_grace_period,
    projects: async (args: {
      includeSubgroups?: boolean
      first?: number | null
      after?: string | null
      search?: string | null
    }) => {
      const take = Math.min(Math.max(args.first ?? MAX_PAGE, 1), MAX_PAGE)
      const skip = offsetOf(args.after)
      const page = await listGroupProjects(
        ctx.actor,
        g,
        { include_subgroups: !!args.includeSubgroups, with_shared: false, search: args.search ?? undefined },
        { page: Math.floor(skip / take) + 1, perPage: take, skip, take: take + 1 },
      )
      const rows = page.items.slice(0, take)
      const full = await projectsByIds(rows.map((r) => r.id))
      const byId = new Map(full.map((p) => [p.id, p]))
      const nodes = rows
        .map((r) => byId.get(r.id))
        .filter((p): p is ProjectWithNamespace => !!p)
        .map(projectNode)
      const hasNextPage = page.items.length > take
      return {
        count: page.total ?? skip + page.items.length,
        nodes,
        pageInfo: {
          hasNextPage,
          hasPreviousPage: skip > 0,
          startCursor: nodes.length ? cursorOf(skip) : null,
          endCursor: nodes.length ? cursorOf(skip + nodes.length) : null,
        },
      }
    },
  }
}

export const rootValue = {
  currentUser: (_: unknown, ctx: GraphqlContext) =>
    ctx.actor
      ? {
          id: gid('User', ctx.actor.user.id),
          username: ctx.actor.user.username,
          name: ctx.actor.user.name,
          webUrl: `${groupWebUrl('').replace(/\/groups\/$/, '')}/${ctx.actor.user.username}`,
        }
      : null,
  group: async ({ fullPath }: { fullPath: string }, ctx: GraphqlContext) => {
    const g = await visible(() => findGroup(ctx.actor, fullPath))
    return g ? groupNode(g, ctx) : null
  },
  project: async ({ fullPath }: { fullPath: string }, ctx: GraphqlContext) => {
    if (!fullPath.includes('/')) return null
    const p = await visible(() => findProject(ctx.actor, fullPath))
    return p ? projectNode(p) : null
  },
}
