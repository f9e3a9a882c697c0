// /groups|projects/:id/invitations (GitLab's lib/api/invitations.rb), declared once for both
// source kinds, plus the accept link's API (our own: GitLab accepts through its HTML pages).
import { endpoint } from '../api/endpoint'
import { paramError } from '../api/errors'
import { noContent, reply } from '../api/reply'
import { findSource, type SourceKind } from '../members/source'
import { levelName } from '../auth/access-levels'
import { acceptInvitationByToken, findInvitationByToken, type InvitationByToken } from './accept'
import { deleteInvitation, listInvitations, resendInvitation, updateInvitation } from './manage'
import { z } from 'zod'
import {
  createInvitationParams,
  invitationByTokenSchema,
  invitationEmailParams,
  invitationSchema,
  invitedMemberSchema,
  inviteOutcomeSchema,
  inviteTokenParams,
  listInvitationsParams,
  updateInvitationParams,
} from './schema'
import { inviteMembers } from './service'
import { isoDayOrNull } from '../api/time'

function invitationsOf(kind: SourceKind) {
  const base = `/${kind}/:id/invitations`
  const noun = kind === 'groups' ? 'group' : 'project'
  return {
    create: endpoint({
      method: 'POST',
      path: base,
      summary: `Invite users (by e-mail or id) to a ${noun}`,
      auth: 'required',
      params: createInvitationParams,
      response: { body: inviteOutcomeSchema },
      handler: async ({ actor, params }) => {
        // Grape's at_least_one_of, before the source is looked up.
        if (!params.email?.length && !params.user_id?.length)
          throw paramError('email, user_id are missing, at least one parameter must be provided')
        return inviteMembers(actor, await findSource(actor, kind, params.id), params)
      },
    }),
    list: endpoint({
      method: 'GET',
      path: base,
      summary: `Pending invitations of a ${noun}`,
      auth: 'required',
      params: listInvitationsParams,
      paginated: 'offset',
      response: { body: z.array(invitationSchema) },
      handler: async ({ actor, params, page }) =>
        listInvitations(actor, await findSource(actor, kind, params.id), params, page),
    }),
    update: endpoint({
      method: 'PUT',
      path: `${base}/:email`,
      summary: `Change a pending invitation of a ${noun}`,
      auth: 'required',
      params: updateInvitationParams,
      response: { body: invitedMemberSchema },
      handler: async ({ actor, params }) => updateInvitation(actor, await findSource(actor, kind, params.id), params),
    }),
    resend: endpoint({
      method: 'POST',
      path: `${base}/:email/resend`,
      summary: `Send a pending invitation's e-mail again with a new link (not part of GitLab's API)`,
      auth: 'required',
      params: invitationEmailParams,
      response: { body: inviteOutcomeSchema },
      handler: async ({ actor, params }) =>
        resendInvitation(actor, await findSource(actor, kind, params.id), params.email),
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${base}/:email`,
      summary: `Revoke a pending invitation of a ${noun}`,
      auth: 'required',
      params: invitationEmailParams,
      response: { status: 204, body: null },
      handler: async ({ actor, params }) => {
        await deleteInvitation(actor, await findSource(actor, kind, params.id), params.email)
        return noContent()
      },
    }),
  }
}

/** What the accept page shows: enough to decide, nothing about the inviter's other data. */
function tokenEntity({ invitation, source }: InvitationByToken) {
  return {
    source_type: source.kind,
    source_name: source.name,
    source_full_path: source.fullPath,
    access_level: invitation.accessLevel,
    access_level_name: levelName(invitation.accessLevel),
    expires_at: isoDayOrNull(invitation.expiresAt),
    console_path: source.consolePath,
  }
}

export const invitationEndpoints = {
  group: invitationsOf('groups'),
  project: invitationsOf('projects'),
  show: endpoint({
    method: 'GET',
    path: '/invites/:token',
    summary: "The invitation an accept link stands for (not part of GitLab's API)",
    auth: 'public',
    params: inviteTokenParams,
    response: { body: invitationByTokenSchema },
    handler: async ({ params }) => tokenEntity(await findInvitationByToken(params.token)),
  }),
  accept: endpoint({
    method: 'POST',
    path: '/invites/:token/accept',
    summary: "Accept an invitation as the signed-in user (not part of GitLab's API)",
    auth: 'required',
    params: inviteTokenParams,
    response: { status: 201, body: invitationByTokenSchema },
    handler: async ({ actor, params }) =>
      reply(201, tokenEntity(await acceptInvitationByToken(actor.user, params.token))),
  }),
}
