'use client'
// Deleting a snippet takes two clicks and then returns to the list (its own page is gone).
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { useApi } from './console-providers'
import { endpoints } from '@/lib/console/endpoint-refs'

export function SnippetDeleteButton({ projectId, snippetId, listPath }: { projectId: number; snippetId: number; listPath: string }) {
  const api = useApi()
  const router = useRouter()
  const [confirming, setConfirming] = useState(false)
  const remove = useMutation({
    mutationFn: () => api(endpoints.snippet.remove, { id: projectId, snippet_id: snippetId }),
    onSuccess: () => {
      router.push(listPath)
      router.refresh()
    },
  })
  if (!confirming)
    return (
      <button type="button" className="btn btn-danger-outline" onClick={() => setConfirming(true)} data-testid="snippet-delete-button">
        Delete
      </button>
    )
  return (
    <span className="confirm" role="group" aria-label="Confirm deleting the snippet">
      <span className="small">Delete this snippet and all its versions?</span>
      <button type="button" className="btn btn-danger" disabled={remove.isPending} onClick={() => remove.mutate()} data-testid="confirm-snippet-delete-button">
        {remove.isPending ? 'Deleting…' : 'Confirm'}
      </button>
      <button type="button" className="btn btn-link" onClick={() => setConfirming(false)}>
        Cancel
      </button>
      {remove.error && (
        <span className="field-error" role="alert">
          {remove.error.message}
        </span>
      )}
    </span>
  )
}
