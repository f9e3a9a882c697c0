'use client'
// Deleting a snippet asks first, then returns to the list (its own page is gone).
import { useRouter } from 'next/navigation'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { ConfirmButton } from '../ui'

export function SnippetDeleteButton({
  projectId,
  snippetId,
  listPath,
}: {
  projectId: number
  snippetId: number
  listPath: string
}) {
  const router = useRouter()
  return (
    <ConfirmButton
      endpoint={endpoints.snippet.remove}
      params={{ id: projectId, snippet_id: snippetId }}
      label="Delete"
      pendingLabel="Deleting…"
      question="Delete this snippet and all its versions?"
      ariaLabel="Delete snippet"
      testId="snippet-delete"
      done="Snippet deleted."
      onDone={() => {
        router.push(listPath)
        router.refresh()
      }}
    />
  )
}
