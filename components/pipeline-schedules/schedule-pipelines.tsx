'use client'
// A schedule's pipelines (GET …/pipeline_schedules/:id/pipelines), polled every 3 s so the ones
// the scheduler or Play creates show up without a reload.
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../console-providers'
import { formatTime } from './types'
import { endpoints } from '@/lib/console/endpoint-refs'

export const pipelinesKey = (projectId: number, scheduleId: number) => ['pipeline-schedule-pipelines', projectId, scheduleId]

export function SchedulePipelines({ projectId, scheduleId }: { projectId: number; scheduleId: number }) {
  const api = useApi()
  const q = useQuery({
    queryKey: pipelinesKey(projectId, scheduleId),
    queryFn: () => api(endpoints.pipelineSchedule.pipelines, { id: projectId, pipeline_schedule_id: scheduleId, per_page: 20, sort: 'desc' }),
    refetchInterval: 3000,
    staleTime: 0,
  })
  if (q.isPending) return <p className="muted small">Loading pipelines…</p>
  if (q.isError)
    return (
      <p className="field-error" role="alert">
        {q.error.message}
      </p>
    )
  const rows = [...q.data].sort((a, b) => b.id - a.id)
  return (
    <div data-testid="schedule-pipelines">
      {rows.length === 0 ? (
        <p className="muted small" data-testid="schedule-pipelines-empty">
          No pipelines yet.
        </p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>Pipeline</th>
              <th>Status</th>
              <th>Source</th>
              <th>Created</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.id} data-testid="schedule-pipeline-row" data-id={p.id} data-source={p.source}>
                <td>#{p.id}</td>
                <td>{p.status}</td>
                <td>{p.source}</td>
                <td>{p.created_at ? formatTime(p.created_at) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
