'use client'
// Jobs in the console's table: a project's jobs (CI/CD → Jobs) and a runner's (Admin → Runners → one runner).
import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import type { ItemOf } from '@/lib/console/endpoint-call'
import type { endpoints } from '@/lib/console/generated/endpoint-refs'
import { consolePath } from '@/lib/console/paths'
import { RelativeTime } from '../ui/relative-time'
import { DataTable } from '../ui/table'
import { StatusBadge } from './status-badge'

type ProjectJob = ItemOf<typeof endpoints.job.list>
type RunnerJob = ItemOf<typeof endpoints.runner.jobs>
interface JobBase {
  id: number
  status: string
  duration?: number | null
  created_at: string
}

const seconds = (d: number | null | undefined) => (d != null ? `${Math.round(d)} s` : '—')

function shared<T extends JobBase>(): { status: ColumnDef<T>; duration: ColumnDef<T>; created: ColumnDef<T> } {
  return {
    status: { header: 'Status', id: 'status', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
    duration: { header: 'Duration', id: 'duration', cell: ({ row }) => seconds(row.original.duration) },
    created: { header: 'Created', id: 'created', cell: ({ row }) => <RelativeTime iso={row.original.created_at} /> },
  }
}

export function ProjectJobsTable({
  jobs,
  projectPath,
  jobsPath,
}: {
  jobs: ProjectJob[]
  projectPath: string
  jobsPath: string
}) {
  const c = shared<ProjectJob>()
  const columns: ColumnDef<ProjectJob>[] = [
    c.status,
    {
      header: 'Job',
      id: 'job',
      cell: ({ row: { original: j } }) => (
        <Link href={`${jobsPath}/${j.id}`}>
          #{j.id} {j.name}
        </Link>
      ),
    },
    { header: 'Stage', id: 'stage', cell: ({ row }) => row.original.stage },
    {
      header: 'Pipeline',
      id: 'pipeline',
      cell: ({ row: { original: j } }) => (
        <Link href={consolePath('projects', projectPath, `pipelines/${j.pipeline.id}`)}>#{j.pipeline.id}</Link>
      ),
    },
    {
      header: 'Runner',
      id: 'runner',
      meta: { className: 'wrap' },
      cell: ({ row: { original: j } }) => (j.runner ? `#${j.runner.id} ${j.runner.description}` : '—'),
    },
    c.duration,
    c.created,
  ]
  return (
    <DataTable data={jobs} columns={columns} getRowId={(j) => String(j.id)} rowTestId="job-row" testId="jobs-table" />
  )
}

export function RunnerJobsTable({ jobs }: { jobs: RunnerJob[] }) {
  const c = shared<RunnerJob>()
  const columns: ColumnDef<RunnerJob>[] = [
    c.status,
    {
      header: 'Job',
      id: 'job',
      cell: ({ row: { original: j } }) => (
        <Link href={consolePath('projects', j.project.path_with_namespace, `jobs/${j.id}`)}>
          #{j.id} {j.name}
        </Link>
      ),
    },
    {
      header: 'Project',
      id: 'project',
      meta: { className: 'wrap' },
      cell: ({ row }) => row.original.project.path_with_namespace,
    },
    {
      header: 'Pipeline',
      id: 'pipeline',
      cell: ({ row: { original: j } }) => (
        <Link href={consolePath('projects', j.project.path_with_namespace, `pipelines/${j.pipeline.id}`)}>
          #{j.pipeline.id}
        </Link>
      ),
    },
    c.duration,
    c.created,
  ]
  return (
    <DataTable
      data={jobs}
      columns={columns}
      getRowId={(j) => String(j.id)}
      rowTestId="runner-job-row"
      testId="runner-jobs-table"
    />
  )
}
