'use client'
// Group avatar: pick a file (previewed at once from an object URL), upload it as multipart
// `avatar` to PUT /groups/:id, or remove the current one.
import { useRouter } from 'next/navigation'
import { useEffect, useState } from 'react'
import { ApiClientError } from './api-client'
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

export function GroupAvatarUpload({ groupId, avatarUrl }: { groupId: number; avatarUrl: string | null }) {
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
    try {
      await api.multipart(endpoints.group.update, { id: groupId, with_projects: false }, { avatar: file })
      setFile(null)
      router.refresh()
    } catch (e) {
      const avatar = e instanceof ApiClientError ? e.fieldErrors.avatar : undefined
      setError(avatar ? `Avatar ${avatar.join(', ')}` : e instanceof Error ? e.message : 'Request failed')
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
