'use client'
// An epic's actions: Edit, Close / Reopen (PUT state_event) and Delete (confirmed in a dialog, then
// back to the list: the deleted epic's page would only answer 403).
import { useMutation } from '@tanstack/react-query'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { EpicJson } from '@/lib/epics/schema'
import { useApi } from '../console-providers'
import { Button, buttonClass } from '../ui/button'
import { ConfirmButton } from '../ui/confirm'
import { useToast } from '../ui/toast'

export interface EpicActionsProps {
  groupId: number
  epic: EpicJson
  basePath: string
  canWrite: boolean
  canDelete: boolean
}

export function EpicActions({ groupId, epic, basePath, canWrite, canDelete }: EpicActionsProps) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const params = { id: groupId, epic_iid: epic.iid }
  const closed = epic.state === 'closed'
  const toggle = useMutation({
    mutationFn: () => api.quiet(endpoints.epic.update, { ...params, state_event: closed ? 'reopen' : 'close' }),
    onSuccess: () => {
      toast.success(closed ? 'Epic reopened.' : 'Epic closed.')
      router.refresh()
    },
  })
  if (!canWrite && !canDelete) return null
  return (
    <div className="actions">
      {canWrite && (
        <>
          <Link className={buttonClass()} href={`${basePath}/${epic.iid}/edit`} data-testid="epic-edit">
            Edit
          </Link>
          <Button
            pending={toggle.isPending}
            pendingLabel={closed ? 'Reopening…' : 'Closing…'}
            onClick={() => toggle.mutate()}
            data-testid={closed ? 'epic-reopen' : 'epic-close'}
          >
            {closed ? 'Reopen epic' : 'Close epic'}
          </Button>
        </>
      )}
      {canDelete && (
        <ConfirmButton
          endpoint={endpoints.epic.remove}
          params={params}
          label="Delete"
          pendingLabel="Deleting…"
          question="Delete this epic? Its child epics stay, without a parent."
          ariaLabel="Delete the epic"
          testId="epic-delete"
          done="Epic deleted."
          onDone={() => {
            router.push(basePath)
            router.refresh()
          }}
        />
      )}
      {toggle.error && (
        <div className="field-error" role="alert" data-testid="epic-action-error">
          {toggle.error.message}
        </div>
      )}
    </div>
  )
}
