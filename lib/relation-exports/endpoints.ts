// The source side of direct transfer (GitLab's group_export.rb / project_export.rb relation
// endpoints): start, status, download. Groups need Owner, projects Maintainer+ (403 otherwise).
import { z } from 'zod'
import { ApiError } from '../api/errors'
import { endpoint } from '../api/endpoint'
import { p } from '../api/param-types'
import { accepted, acceptedSchema, rawReply } from '../api/reply'
import type { Actor } from '../auth/actor'
import type { RelationExport } from '../db'
import { findGroup } from '../groups/find'
import { findProject } from '../projects/find'
import type { Portable } from './relations'
import { relationExportStatusSchema, type RelationExportStatusJson } from './schema'
import { exportStatuses, fileNameOf, finishedExport, startExport } from './service'

const statusEntity = (e: RelationExport): RelationExportStatusJson => ({
  relation: e.relation,
  status: e.status,
  error: e.error,
  updated_at: e.updatedAt.toISOString(),
  batched: e.batched,
  batches_count: 0,
  batches: [],
  total_objects_count: e.totalObjectsCount,
})

function endpointsFor(kind: 'groups' | 'projects', load: (actor: Actor, id: string) => Promise<Portable>) {
  const base = `/${kind}/:id/export_relations`
  return {
    schedule: endpoint({
      method: 'POST',
      path: base,
      summary: `Start a ${kind.slice(0, -1)}'s relations export (direct transfer)`,
      auth: 'required',
      params: z.object({ id: p.id(), batched: p.optional(p.bool()) }),
      response: { status: 202, body: acceptedSchema },
      handler: async ({ actor, params }) => {
        await startExport(await load(actor, params.id), actor, !!params.batched)
        return accepted()
      },
    }),
    status: endpoint({
      method: 'GET',
      path: `${base}/status`,
      summary: 'Relations export status',
      auth: 'required',
      params: z.object({ id: p.id(), relation: p.optional(p.string()) }),
      response: { body: z.array(relationExportStatusSchema) },
      handler: async ({ actor, params }) =>
        (await exportStatuses(await load(actor, params.id), params.relation)).map(statusEntity),
    }),
    download: endpoint({
      method: 'GET',
      path: `${base}/download`,
      summary: 'Download one exported relation (gzip)',
      auth: 'required',
      params: z.object({
        id: p.id(),
        relation: p.string(),
        batched: p.optional(p.bool()),
        batch_number: p.optional(p.int()),
      }),
      response: { body: null, description: 'the relation as gzipped NDJSON (or a tar.gz bundle)' },
      handler: async ({ actor, params }) => {
        const row = await finishedExport(await load(actor, params.id), params.relation)
        if (!row) throw new ApiError(404, { message: '404 Not found' })
        const name = fileNameOf(row.relation)
        return rawReply(200, new Uint8Array(row.data!), 'application/octet-stream', {
          'Content-Disposition': `attachment; filename="${name}"`,
        })
      },
    }),
  }
}

export const relationExportEndpoints = {
  group: endpointsFor('groups', async (actor, id) => ({
    type: 'Group',
    group: await findGroup(actor, id, 'admin_group'),
  })),
  project: endpointsFor('projects', async (actor, id) => ({
    type: 'Project',
    project: await findProject(actor, id, 'admin_project'),
  })),
}
