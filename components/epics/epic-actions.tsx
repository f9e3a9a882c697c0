'use client'
// An epic's actions: Edit, Close / Reopen (PUT state_event) and Delete (two clicks, then back to
// the list: the deleted epic's page would only answer 403).
import { useMutation } from '@tanstack/react-query'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { endpoints } from '@/lib/console/endpoint-refs'
import type { EpicJson } from '@/lib/epics/schema'
import { useApi } from '../console-providers'

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
  const [confirming, setConfirming] = useState(false)
  const params = { id: groupId, epic_iid: epic.iid }
  const toggle = useMutation({
    mutationFn: () => api(endpoints.epic.update, { ...params, state_event: epic.state === 'closed' ? 'reopen' : 'close' }),
    onSuccess: () => router.refresh(),
  })
  const remove = useMutation({
    mutationFn: () => api(endpoints.epic.remove, params),
    onSuccess: () => {
      router.push(basePath)
      router.refresh()
    },
  })
  const error = toggle.error ?? remove.error
  if (!canWrite && !canDelete) return null
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
      {canWrite && (
        <>
          <Link className="btn" href={`${basePath}/${epic.iid}/edit`} data-testid="epic-edit">
            Edit
          </Link>
          <button type="button" className="btn" disabled={toggle.isPending} onClick={() => toggle.mutate()} data-testid={epic.state === 'closed' ? 'epic-reopen' : 'epic-close'}>
            {epic.state === 'closed' ? 'Reopen epic' : 'Close epic'}
          </button>
        </>
      )}
      {canDelete &&
        (confirming ? (
          <div className="confirm" role="group" aria-label="Confirm deleting the epic">
            <span className="small">Delete this epic? Its child epics stay, without a parent.</span>
            <button type="button" className="btn btn-danger" disabled={remove.isPending} onClick={() => remove.mutate()} data-testid="confirm-epic-delete">
              {remove.isPending ? 'Deleting…' : 'Confirm'}
            </button>
            <button type="button" className="btn btn-link" disabled={remove.isPending} onClick={() => setConfirming(false)} data-testid="cancel-epic-delete">
              Cancel
            </button>
          </div>
        ) : (
          <button type="button" className="btn btn-danger-outline" onClick={() => setConfirming(true)} data-testid="epic-delete">
            Delete
          </button>
        ))}
      {error && (
        <div className="field-error" role="alert" data-testid="epic-action-error">
          {error.message}
        </div>
      )}
    </div>
  )
}
