// Every endpoint of the product, in one table. Domains export their lists; the kernel derives the
// router, the in-process call and the OpenAPI document from this.
import type { Endpoint } from './api/endpoint'
import { metaEndpoints } from './meta/endpoints'
import { tokenEndpoints } from './tokens/endpoints'
import { userEndpoints } from './users/endpoints'
import { openapiEndpoints } from './openapi/endpoints'
import { groupEndpoints } from './groups/endpoints'
import { customAttributeEndpoints } from './custom-attributes/endpoints'
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

const domainEndpoints: Endpoint[] = [...metaEndpoints, ...userEndpoints, ...tokenEndpoints, ...groupEndpoints, ...customAttributeEndpoints, ...projectEndpoints, ...memberEndpoints, ...repositoryEndpoints, ...settingsEndpoints, ...broadcastMessageEndpoints, ...protectedBranchEndpoints, ...sshKeyEndpoints, ...pipelineEndpoints, ...pipelineScheduleEndpoints, ...accessTokenEndpoints, ...enterpriseEndpoints, ...snippetEndpoints, ...samlEndpoints, ...projectShareEndpoints, ...accessRequestEndpoints, ...groupShareEndpoints, ...invitationEndpoints, ...memberApprovalEndpoints]

export const allEndpoints: Endpoint[] = [...domainEndpoints, ...openapiEndpoints(() => allEndpoints)]
