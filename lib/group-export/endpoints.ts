// Group export (GitLab's lib/api/group_export.rb): start (202) and download (the tar.gz, 404
// until it is ready). Owners only.
import { z } from 'zod'
import { ApiError, badRequest } from '../api/errors'
import { endpoint } from '../api/endpoint'
import { p } from '../api/param-types'
import { accepted, acceptedSchema, rawReply } from '../api/reply'
import { findGroup } from '../groups/find'
import { groupExportState, startGroupExport } from './service'
import { startGroupImport } from './import'
import { isUploadedFile } from '../api/params'
import { checkRateLimit } from '../throttle/app-limits'

const importParams = z.object({
  name: p.string(),
  path: p.string(),
  file: z.unknown().refine((v) => v !== undefined, { message: 'is missing' }),
  parent_id: p.optional(p.int()),
  organization_id: p.optional(p.int()),
})

export const groupExportEndpoints = {
  import: endpoint({
    method: 'POST',
    path: '/groups/import',
    summary: "Import a group from GitLab's export archive (multipart `file`)",
    auth: 'required',
    params: importParams,
    response: { status: 202, body: acceptedSchema },
    handler: async ({ actor, params }) => {
      await checkRateLimit('group_import_limit', [actor.user.id])
      if (!isUploadedFile(params.file)) throw badRequest('file is invalid')
      await startGroupImport(actor, {
        name: params.name,
        path: params.path,
        parentId: params.parent_id,
        bytes: await params.file.bytes(),
      })
      return accepted()
    },
  }),
  export: endpoint({
    method: 'POST',
    path: '/groups/:id/export',
    summary: "Start a group's export (GitLab's archive format)",
    auth: 'required',
    params: z.object({ id: p.id() }),
    response: { status: 202, body: acceptedSchema },
    handler: async ({ actor, params }) => {
      const group = await findGroup(actor, params.id, 'admin_group')
      await checkRateLimit('group_export_limit', [actor.user.id])
      await startGroupExport(group, actor)
      return accepted()
    },
  }),
  download: endpoint({
    method: 'GET',
    path: '/groups/:id/export/download',
    summary: "Download a group's export archive",
    auth: 'required',
    params: z.object({ id: p.id() }),
    response: { body: null, description: 'the tar.gz archive' },
    handler: async ({ actor, params }) => {
      const group = await findGroup(actor, params.id, 'admin_group')
      const state = await groupExportState(group.id)
      if (!state) throw new ApiError(404, { message: '404 Not found or has expired' })
      if (state.status !== 'finished' || !state.data)
        throw new ApiError(404, { message: 'The group export file is not available yet' })
      return rawReply(200, new Uint8Array(state.data), 'application/octet-stream', {
        'Content-Disposition': `attachment; filename="${state.fileName ?? 'export.tar.gz'}"`,
      })
    },
  }),
}
