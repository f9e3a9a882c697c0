'use client'
// "Run cleanup": DELETE …/tags answers 202 once the job is queued, so the console follows the
// repository's last cleanup task (GET …/cleanup_status) every second until it finishes, then
// reloads the page's data. A task still unfinished when the page opens is followed the same way.
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useEffect, useRef, useState, useTransition } from 'react'
import type { ParamsOf } from '@/lib/api/endpoint'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { QueuedTaskJson } from '@/lib/queue/schema'
import { useApi } from '../console-providers'
import { useToast } from '../ui/toast'
import { TERMINAL_STATUSES } from './cleanup-progress'

const POLL_MS = 1000
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const finished = (task: QueuedTaskJson | null) => !!task && TERMINAL_STATUSES.includes(task.status)

export function useCleanupRun(projectId: number, repositoryId: number, lastTask: QueuedTaskJson | null) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const [task, setTask] = useState<QueuedTaskJson | null>(finished(lastTask) ? null : lastTask)
  const [refreshing, startRefresh] = useTransition()
  // Stops following when the viewer leaves the page mid-cleanup.
  const mounted = useRef(true)
  const alive = () => mounted.current
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const follow = async (): Promise<QueuedTaskJson | null> => {
    while (alive()) {
      const latest = await api(endpoints.containerRegistry.cleanupStatus, {
        id: projectId,
        repository_id: repositoryId,
      })
      if (!alive()) break
      setTask(latest)
      if (finished(latest)) return latest
      await wait(POLL_MS)
    }
    return null
  }

  const onSuccess = (done: QueuedTaskJson | null) => {
    if (done?.status === 'succeeded') toast.success('Cleanup finished.')
    startRefresh(() => router.refresh())
  }
  const run = useMutation({
    mutationFn: async (params: ParamsOf<typeof endpoints.containerRegistry.bulkDelete>) => {
      setTask(null)
      // 202: the deletion is queued; the toast says so, the progress box follows it.
      await api.quiet(endpoints.containerRegistry.bulkDelete, params)
      toast.info('Cleanup queued.')
      return follow()
    },
    onSuccess,
  })
  const resume = useMutation({ mutationFn: follow, onSuccess })
  const { mutate: resumeFollowing } = resume
  const unfinishedOnLoad = !!lastTask && !finished(lastTask)
  useEffect(() => {
    if (unfinishedOnLoad) resumeFollowing()
  }, [unfinishedOnLoad, resumeFollowing])

  return { task, run, followError: resume.error, busy: run.isPending || resume.isPending || refreshing }
}
