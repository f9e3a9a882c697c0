'use client'
import { useEffect, useRef, useState } from 'react'
import { StatusBadge } from './status-badge'
import { useApi } from '../console-providers'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

const LIVE = new Set(['created', 'pending', 'running', 'preparing', 'waiting_for_resource'])

/**
 * A job's log, following it while the job runs: GET …/jobs/:id/trace every two seconds until the
 * Job-Status header says it finished, keeping the view at the bottom unless the reader scrolled up.
 */
export function JobLog({
  projectId,
  jobId,
  initial,
  initialStatus,
}: {
  projectId: number
  jobId: number
  initial: string
  initialStatus: string
}) {
  const [text, setText] = useState(initial)
  const [status, setStatus] = useState(initialStatus)
  const [error, setError] = useState<string | null>(null)
  const api = useApi()
  const box = useRef<HTMLPreElement>(null)
  useEffect(() => {
    if (!LIVE.has(status)) return
    let stopped = false
    const poll = async () => {
      try {
        const res = await api.withHeaders(endpoints.job.trace, { id: projectId, job_id: jobId })
        if (stopped) return
        const el = box.current
        const atBottom = !el || el.scrollHeight - el.scrollTop - el.clientHeight < 40
        setText(res.body ?? '')
        setStatus(res.headers.get('job-status') ?? status)
        setError(null)
        if (atBottom) requestAnimationFrame(() => el && (el.scrollTop = el.scrollHeight))
      } catch (e) {
        setError((e as Error).message)
      }
    }
    const timer = setInterval(() => void poll(), 2000)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [api, projectId, jobId, status])
  return (
    <div data-testid="job-log-container">
      <div className="actions">
        <StatusBadge status={status} testId="job-status" />
        {LIVE.has(status) && (
          <span className="small muted" role="status">
            Following the log…
          </span>
        )}
        {error && (
          <span className="field-error" role="alert">
            Could not refresh the log: {error}
          </span>
        )}
      </div>
      <pre className="job-log" ref={box} data-testid="job-log">
        {text || (LIVE.has(status) ? 'Waiting for the runner…' : '(empty log)')}
      </pre>
    </div>
  )
}
