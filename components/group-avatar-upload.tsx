'use client'
// Group avatar: pick a file (previewed at once from an object URL), upload it as multipart
// `avatar` to PUT /groups/:id, or remove the current one. The shared API client speaks JSON only,
// so the upload is its own fetch, with the session's CSRF token like every cookie-authenticated write.
import { useRouter } from 'next/navigation'
import { useEffect, useState } from 'react'
import { ApiClientError } from './api-client'
import { errorMessageOf, fieldErrorsOf } from './api-error'
import { useApi } from './console-providers'
import { endpoints } from '@/lib/console/endpoint-refs'

const ACCEPT = '.png,.jpg,.jpeg,.gif,.bmp,.tiff,.ico,.webp,image/*'

/** The avatar URL as a same-origin path (the API answers with EXTERNAL_URL in front). */
const localUrl = (url: string | null) => {
  if (!url) return null
  try {
    const u = new URL(url)
    return `${u.pathname}${u.search}`
  } catch {
    return url
  }
}

export function GroupAvatarUpload({ groupId, avatarUrl, csrfToken }: { groupId: number; avatarUrl: string | null; csrfToken: string | null }) {
  const api = useApi()
  const router = useRouter()
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  // One object URL per picked file, released when replaced or on unmount.
  useEffect(() => {
    if (!file) {
      setPreview(null)
      return
    }
    const url = URL.createObjectURL(file)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [file])

  async function upload() {
    if (!file) return
    setBusy(true)
    setError(null)
    const body = new FormData()
    body.append('avatar', file, file.name)
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (csrfToken) headers['X-CSRF-Token'] = csrfToken
    try {
      const res = await fetch(`/api/v4/groups/${groupId}?with_projects=false`, { method: 'PUT', body, headers, credentials: 'same-origin' })
      const text = await res.text()
      let parsed: unknown = text
      try {
        parsed = text ? JSON.parse(text) : null
      } catch {
        /* not JSON */
      }
      if (!res.ok) {
        const fields = fieldErrorsOf(parsed)
        setError(fields.avatar ? `Avatar ${fields.avatar.join(', ')}` : errorMessageOf(parsed, res.status))
        return
      }
      setFile(null)
      router.refresh()
    } finally {
      setBusy(false)
    }
  }

  async function remove() {
    setBusy(true)
    setError(null)
    try {
      await api(endpoints.group.update, { id: groupId, avatar: '', with_projects: false })
      router.refresh()
    } catch (e) {
      setError(e instanceof ApiClientError ? e.message : 'Request failed')
    } finally {
      setBusy(false)
    }
  }

  const current = localUrl(avatarUrl)
  const shown = preview ?? current
  return (
    <div data-testid="group-avatar">
      <div style={{ display: 'flex', gap: 16, alignItems: 'center', marginBottom: 8 }}>
        {shown ? (
          // A plain <img>: an uploaded file or an object URL, nothing for an image optimizer to do.
          <img
            src={shown}
            alt="Group avatar"
            width={64}
            height={64}
            style={{ objectFit: 'cover', borderRadius: 8 }}
            data-testid={preview ? 'group-avatar-preview' : 'group-avatar-current'}
          />
        ) : (
          <span className="muted" data-testid="group-avatar-none">
            No avatar
          </span>
        )}
        <input type="file" accept={ACCEPT} onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="group-avatar-input" aria-label="Choose an avatar" />
      </div>
      {error ? (
        <div className="field-error" role="alert" data-testid="group-avatar-error">
          {error}
        </div>
      ) : null}
      <div style={{ display: 'flex', gap: 8 }}>
        <button type="button" className="btn btn-primary" disabled={!file || busy} onClick={upload} data-testid="group-avatar-upload">
          Upload avatar
        </button>
        {current ? (
          <button type="button" className="btn" disabled={busy} onClick={remove} data-testid="group-avatar-remove">
            Remove avatar
          </button>
        ) : null}
      </div>
    </div>
  )
}
