// What a runner process speaks to manage itself (GitLab's lib/api/ci/runner.rb): register with a
// registration token, verify, reset and delete its authentication token, remove a manager. No
// user is involved: the `token` body parameter is the credential, and a bad one is a 403.
import { z } from 'zod'
import { ApiError, forbidden, notFound } from '../api/errors'
import { endpoint } from '../api/endpoint'
import { p } from '../api/param-types'
import { noContent, reply } from '../api/reply'
import { currentSettings } from '../settings/service'
import { authenticateRunner } from './authenticate'
import { registrationDetails, resetTokenResult } from './entity'
import { deleteRunnerManager, forgetRunnerContacts, noteRunnerContact } from './heartbeat'
import { registrationOwner } from './registration-tokens'
import { registerParams, resetTokenSchema, runnerRegistrationSchema } from './schema'
import { createRunner, deleteRunner, resetAuthenticationToken } from './service'

const tokenParams = z.object({ token: p.string() })

export const runnerProtocolEndpoints = {
  register: endpoint({
    method: 'POST',
    path: '/runners',
    summary: 'Register a runner with a registration token',
    auth: 'public',
    params: registerParams,
    tags: ['runner protocol'],
    response: { body: runnerRegistrationSchema },
    handler: async ({ params }) => {
      const owner = await registrationOwner(params.token)
      if (!owner) throw forbidden()
      const settings = await currentSettings()
      if (!settings.allow_runner_registration_token)
        throw new ApiError(410, { message: '410 Gone - runner registration disallowed' })
      const { runner, token } = await createRunner(
        owner,
        {
          ...params,
          maintenance_note: params.maintenance_note ?? params.maintainer_note,
          active: params.paused !== undefined ? !params.paused : params.active,
          paused: undefined,
        },
        { creatorId: null, registrationType: 'registration_token' },
      )
      return reply(201, registrationDetails(runner, token))
    },
  }),
  verify: endpoint({
    method: 'POST',
    path: '/runners/verify',
    summary: "Verify a runner's authentication token",
    auth: 'public',
    tags: ['runner protocol'],
    params: z.object({ token: p.string(), system_id: p.optional(p.string()) }),
    response: { status: 200, body: runnerRegistrationSchema },
    handler: async ({ params, request }) => {
      const runner = await authenticateRunner(params.token)
      await noteRunnerContact(runner, { systemId: params.system_id, ip: request.ip })
      return reply(200, registrationDetails(runner, params.token))
    },
  }),
  unregister: endpoint({
    method: 'DELETE',
    path: '/runners',
    summary: 'Unregister a runner by its authentication token',
    auth: 'public',
    params: tokenParams,
    tags: ['runner protocol'],
    response: { status: 204, body: null },
    handler: async ({ params }) => {
      const runner = await authenticateRunner(params.token)
      await deleteRunner(runner)
      forgetRunnerContacts(runner.id)
      return noContent()
    },
  }),
  removeManager: endpoint({
    method: 'DELETE',
    path: '/runners/managers',
    summary: 'Remove one manager (system_id) of a runner',
    auth: 'public',
    tags: ['runner protocol'],
    params: z.object({ token: p.string(), system_id: p.string() }),
    response: { status: 204, body: null },
    handler: async ({ params }) => {
      const runner = await authenticateRunner(params.token)
      if (!(await deleteRunnerManager(runner.id, params.system_id))) throw notFound('Runner manager not found')
      return noContent()
    },
  }),
  resetAuthenticationToken: endpoint({
    method: 'POST',
    path: '/runners/reset_authentication_token',
    summary: 'Reset the authentication token with the current one',
    auth: 'public',
    params: tokenParams,
    tags: ['runner protocol'],
    response: { body: resetTokenSchema },
    handler: async ({ params }) => {
      const runner = await authenticateRunner(params.token)
      return reply(201, resetTokenResult(await resetAuthenticationToken(runner), runner.tokenExpiresAt))
    },
  }),
}
