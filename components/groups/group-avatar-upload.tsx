'use client'
// Group avatar: pick a file (previewed at once from an object URL), upload it as multipart
// `avatar` to PUT /groups/:id, or remove the current one.
import { useRouter } from 'next/navigation'
import { useEffect, useState } from 'react'
import { ApiClientError } from '../api-client'
import { useApi } from '../console-providers'
import { Button, Input, useToast } from '../ui'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import './group-avatar-upload.css'

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
  const toast = useToast()
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null)
  // A new key empties the file picker after an upload.
  const [picker, setPicker] = useState(0)

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
    setBusy('upload')
    setError(null)
    try {
      await api.multipart(endpoints.group.update, { id: groupId, with_projects: false }, { avatar: file })
      setFile(null)
      setPicker((n) => n + 1)
      router.refresh()
    } catch (e) {
      const avatar = e instanceof ApiClientError ? e.fieldErrors.avatar : undefined
      setError(avatar ? `Avatar ${avatar.join(', ')}` : e instanceof Error ? e.message : 'Request failed')
    } finally {
      setBusy(null)
    }
  }

  async function remove() {
    setBusy('remove')
    setError(null)
    try {
      await api.quiet(endpoints.group.update, { id: groupId, avatar: '', with_projects: false })
      toast.success('Avatar removed.')
      router.refresh()
    } catch (e) {
      setError(e instanceof ApiClientError ? e.message : 'Request failed')
    } finally {
      setBusy(null)
    }
  }

  const current = localUrl(avatarUrl)
  const shown = preview ?? current
  return (
    <div data-testid="group-avatar">
      <div className="avatar-row">
        {shown ? (
          // A plain <img>: an uploaded file or an object URL, nothing for an image optimizer to do.
          <img
            src={shown}
            alt="Group avatar"
            width={64}
            height={64}
            className="avatar-image"
            data-testid={preview ? 'group-avatar-preview' : 'group-avatar-current'}
          />
        ) : (
          <span className="muted" data-testid="group-avatar-none">
            No avatar
          </span>
        )}
        <Input
          key={picker}
          type="file"
          accept={ACCEPT}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          data-testid="group-avatar-input"
          aria-label="Choose an avatar"
        />
      </div>
      {error ? (
        <div className="field-error" role="alert" data-testid="group-avatar-error">
          {error}
        </div>
      ) : null}
      <div className="form-actions">
        <Button
          variant="primary"
          disabled={!file || busy !== null}
          pending={busy === 'upload'}
          pendingLabel="Uploading…"
          onClick={upload}
          data-testid="group-avatar-upload"
        >
          Upload avatar
        </Button>
        {current ? (
          <Button
            disabled={busy !== null}
            pending={busy === 'remove'}
            pendingLabel="Removing…"
            onClick={remove}
            data-testid="group-avatar-remove"
          >
            Remove avatar
          </Button>
        ) : null}
      </div>
    </div>
  )
}
