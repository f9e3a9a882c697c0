// Every endpoint of the product, in one table. Domains export their lists; the kernel derives the
// router, the in-process call and the OpenAPI document from this.
import type { Endpoint } from './api/endpoint'
import { metaEndpoints } from './meta/endpoints'
import { tokenEndpoints } from './tokens/endpoints'
import { userEndpoints } from './users/endpoints'
import { openapiEndpoints } from './openapi/endpoints'
import { groupEndpoints } from './groups/endpoints'
import { mountCustomAttributes } from './custom-attributes/endpoints'
import { dbId } from './api/param-types'
import { notFound } from './api/errors'
import { USERS_READ_SCOPES } from './auth/scopes'
import { findGroup } from './groups/find'
import { findProject } from './projects/find'
import { findUser } from './users/service'
import { projectEndpoints } from './projects/endpoints'
import { memberEndpoints } from './members/endpoints'
import { repositoryEndpoints } from './repository/endpoints'
import { broadcastMessageEndpoints } from './broadcast-messages/endpoints'
import { settingsEndpoints } from './settings/endpoints'
import { protectedBranchEndpoints } from './protected-branches/endpoints'
import { sshKeyEndpoints } from './ssh-keys/endpoints'
import { pipelineEndpoints } from './pipelines/endpoints'
import { pipelineScheduleEndpoints } from './pipeline-schedules/endpoints'
import { accessTokenEndpoints } from './access-tokens/endpoints'
import { enterpriseEndpoints } from './enterprise/endpoints'
import { invitationEndpoints } from './invitations/endpoints'
import { memberApprovalEndpoints } from './member-approvals/endpoints'
import { snippetEndpoints } from './snippets/endpoints'
import { samlEndpoints } from './saml/endpoints'
import { projectShareEndpoints } from './project-shares/endpoints'
import { accessRequestEndpoints } from './access-requests/endpoints'
import { groupShareEndpoints } from './group-shares/endpoints'
import { runnerEndpoints } from './runners/endpoints'
import { runnerProtocolEndpoints } from './runners/protocol-endpoints'
import { jobEndpoints } from './ci-jobs/endpoints'
import { jobProtocolEndpoints } from './ci-jobs/protocol-endpoints'
import { repositoryFileEndpoints } from './repository-files/endpoints'
import { ciConfigEndpoints } from './ci-config/endpoints'
import { queueEndpoints } from './queue/endpoints'
import { relationExportEndpoints } from './relation-exports/endpoints'
import { groupExportEndpoints } from './group-export/endpoints'
import { badgeEndpoints } from './badges/endpoints'
import { bulkImportEndpoints } from './bulk-imports/endpoints'
import { ciVariableEndpoints } from './ci-variables/endpoints'
import { namespaceEndpoints } from './namespaces/endpoints'
import { usageDataEndpoints } from './usage-data/endpoints'
import { featureEndpoints } from './features/endpoints'
import { registryTagRuleEndpoints } from './registry-protection/endpoints'
import { containerRegistryEndpoints } from './container-registry/endpoints'
import { issueEndpoints } from './issues/endpoints'
import { epicEndpoints } from './epics/endpoints'
import { epicIssueEndpoints } from './epic-issues/endpoints'

// Custom attributes on each resource, found by that resource's own finder.
const customAttributeEndpoints = {
  user: mountCustomAttributes({
    resource: 'users',
    subjectType: 'User',
    readScopes: USERS_READ_SCOPES,
    resolve: async (_actor, id) => {
      const n = dbId(id)
      if (n === null) throw notFound('User')
      return (await findUser(n)).id
    },
  }),
  group: mountCustomAttributes({
    resource: 'groups',
    subjectType: 'Namespace',
    resolve: async (actor, id) => (await findGroup(actor, id)).id,
  }),
  project: mountCustomAttributes({
    resource: 'projects',
    subjectType: 'Project',
    resolve: async (actor, id) => (await findProject(actor, id)).id,
  }),
}

/**
 * The endpoints by domain and name (`endpoints.protectedBranch.list`): the console's typed calls
 * name an endpoint through this object (lib/console/generated/endpoint-refs.ts carries the same shape to the
 * browser). Domains mounted on several resources nest one level more (`endpoints.member.group.list`).
 */
export const endpoints = {
  meta: metaEndpoints,
  user: userEndpoints,
  token: tokenEndpoints,
  group: groupEndpoints,
  customAttribute: customAttributeEndpoints,
  project: projectEndpoints,
  member: memberEndpoints,
  repository: repositoryEndpoints,
  settings: settingsEndpoints,
  broadcastMessage: broadcastMessageEndpoints,
  protectedBranch: protectedBranchEndpoints,
  sshKey: sshKeyEndpoints,
  pipeline: pipelineEndpoints,
  pipelineSchedule: pipelineScheduleEndpoints,
  accessToken: accessTokenEndpoints,
  enterprise: enterpriseEndpoints,
  snippet: snippetEndpoints,
  saml: samlEndpoints,
  projectShare: projectShareEndpoints,
  accessRequest: accessRequestEndpoints,
  groupShare: groupShareEndpoints,
  invitation: invitationEndpoints,
  memberApproval: memberApprovalEndpoints,
  runnerProtocol: runnerProtocolEndpoints,
  runner: runnerEndpoints,
  jobProtocol: jobProtocolEndpoints,
  job: jobEndpoints,
  repositoryFile: repositoryFileEndpoints,
  ciConfig: ciConfigEndpoints,
  ciVariable: ciVariableEndpoints,
  queue: queueEndpoints,
  relationExport: relationExportEndpoints,
  groupExport: groupExportEndpoints,
  badge: badgeEndpoints,
  bulkImport: bulkImportEndpoints,
  namespace: namespaceEndpoints,
  usageData: usageDataEndpoints,
  feature: featureEndpoints,
  registryTagRule: registryTagRuleEndpoints,
  containerRegistry: containerRegistryEndpoints,
  issue: issueEndpoints,
  epic: epicEndpoints,
  epicIssue: epicIssueEndpoints,
}

// Definition order is routing order (a literal segment before a `:param` one), so the walk keeps it.
type Tree = Endpoint | { readonly [name: string]: Tree }
const isEndpoint = (t: Tree): t is Endpoint => typeof (t as Endpoint).handler === 'function'
const flatten = (t: Tree): Endpoint[] => (isEndpoint(t) ? [t] : Object.values(t).flatMap(flatten))
const domainEndpoints: Endpoint[] = flatten(endpoints)

export const allEndpoints: Endpoint[] = [...domainEndpoints, ...openapiEndpoints(() => allEndpoints)]
