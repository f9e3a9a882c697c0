// /groups/:id/saml/* (identities, GitLab's provider_identity.rb), /groups/:id/saml_group_links
// (saml_group_links.rb) and our SAML sign-in stand-in /groups/:id/saml/sync.
import { endpoint } from '../api/endpoint'
import { forbidden, paramError, unauthorized } from '../api/errors'
import { mapPage } from '../api/pagination'
import { noContent, reply } from '../api/reply'
import type { Actor } from '../auth/actor'
import { can } from '../auth/policy'
import { findGroup, groupSubject } from '../groups/find'
import { namespaceById } from '../groups/namespaces'
import { identityEntity, samlGroupLinkEntity } from './entity'
import { createLink, deleteLink, findLink, listLinks } from './group-links'
import { findIdentity, listIdentities, updateExternUid } from './identities'
import { deleteIdentity } from '../users/identities'
import { z } from 'zod'
import {
  createLinkParams,
  groupParams,
  identityParams,
  identitySchema,
  linkParams,
  samlGroupLinkSchema,
  samlSyncSummarySchema,
  syncParams,
  updateIdentityParams,
} from './schema'
import { syncSamlUser } from './sync'
import { must } from '../util/defined'
import { ancestorIds } from '../util/traversal-ids'

/** Identities: Owner (admin_group), 403 otherwise, as GitLab's authorize_admin_group. */
const ownedGroup = (actor: Actor, id: string) => findGroup(actor, id, 'admin_group')

/**
 * Group links: GitLab answers a caller lacking admin_saml_group_links with unauthorized! — a 401
 * even for a signed-in maintainer (a quirk clients see, so we keep it).
 */
async function linkGroup(actor: Actor, id: string) {
  const group = await findGroup(actor, id)
  if (!(await can(actor, 'admin_saml_group_links', groupSubject(group)))) throw unauthorized()
  return group
}

const identity = '/groups/:id/saml/:uid'
const links = '/groups/:id/saml_group_links'

export const samlEndpoints = {
  listIdentities: endpoint({
    method: 'GET',
    path: '/groups/:id/saml/identities',
    summary: "List the SAML identities of a top-level group's provider",
    auth: 'required',
    params: groupParams,
    paginated: 'offset',
    response: { body: z.array(identitySchema) },
    handler: async ({ actor, params, page }) =>
      mapPage(await listIdentities(await ownedGroup(actor, params.id), page), identityEntity),
  }),
  showIdentity: endpoint({
    method: 'GET',
    path: identity,
    summary: 'One SAML identity by extern_uid (URL-encoded)',
    auth: 'required',
    params: identityParams,
    response: { body: identitySchema },
    handler: async ({ actor, params }) =>
      identityEntity(await findIdentity(await ownedGroup(actor, params.id), params.uid)),
  }),
  updateIdentity: endpoint({
    method: 'PATCH',
    path: identity,
    summary: "Change a SAML identity's extern_uid",
    auth: 'required',
    params: updateIdentityParams,
    response: { body: identitySchema },
    handler: async ({ actor, params }) => {
      const group = await ownedGroup(actor, params.id)
      if (params.extern_uid === undefined) throw paramError('extern_uid is missing')
      return identityEntity(await updateExternUid(await findIdentity(group, params.uid), params.extern_uid))
    },
  }),
  removeIdentity: endpoint({
    method: 'DELETE',
    path: identity,
    summary: 'Delete a SAML identity',
    auth: 'required',
    params: identityParams,
    response: { status: 204, body: null },
    handler: async ({ actor, params }) => {
      await deleteIdentity(await findIdentity(await ownedGroup(actor, params.id), params.uid))
      return noContent()
    },
  }),
  sync: endpoint({
    method: 'POST',
    path: '/groups/:id/saml/sync',
    summary:
      'Apply a SAML sign-in assertion (user, extern_uid, SAML groups) to identities and memberships — not a GitLab endpoint',
    auth: 'required',
    params: syncParams,
    response: { status: 200, body: samlSyncSummarySchema },
    handler: async ({ actor, params }) => {
      const group = await findGroup(actor, params.id)
      // The assertion belongs to the provider of the tree's top-level group; its owners (or an admin) may replay it.
      const root =
        group.parentId === null
          ? group
          : await namespaceById(must(ancestorIds(group.traversalIds)[0], 'top-level group of a subgroup'))
      if (!root || !(await can(actor, 'admin_group', groupSubject(root)))) throw forbidden()
      const summary = await syncSamlUser(actor, root, {
        userId: params.user_id,
        externUid: params.extern_uid,
        groups: params.groups,
        provider: params.provider,
      })
      return reply(200, summary)
    },
  }),
  listGroupLinks: endpoint({
    method: 'GET',
    path: links,
    summary: 'List SAML group links',
    auth: 'required',
    params: groupParams,
    paginated: 'offset',
    response: { body: z.array(samlGroupLinkSchema) },
    handler: async ({ actor, params, page }) =>
      mapPage(await listLinks(await linkGroup(actor, params.id), page), samlGroupLinkEntity),
  }),
  showGroupLink: endpoint({
    method: 'GET',
    path: `${links}/:saml_group_name`,
    summary: 'One SAML group link (provider disambiguates a shared name)',
    auth: 'required',
    params: linkParams,
    response: { body: samlGroupLinkSchema },
    handler: async ({ actor, params }) =>
      samlGroupLinkEntity(await findLink(await linkGroup(actor, params.id), params.saml_group_name, params.provider)),
  }),
  createGroupLink: endpoint({
    method: 'POST',
    path: links,
    summary: 'Add a SAML group link',
    auth: 'required',
    params: createLinkParams,
    response: { body: samlGroupLinkSchema },
    handler: async ({ actor, params }) =>
      samlGroupLinkEntity(await createLink(await linkGroup(actor, params.id), params)),
  }),
  removeGroupLink: endpoint({
    method: 'DELETE',
    path: `${links}/:saml_group_name`,
    summary: 'Delete a SAML group link (provider disambiguates a shared name)',
    auth: 'required',
    params: linkParams,
    response: { status: 204, body: null },
    handler: async ({ actor, params }) => {
      await deleteLink(await findLink(await linkGroup(actor, params.id), params.saml_group_name, params.provider))
      return noContent()
    },
  }),
}
