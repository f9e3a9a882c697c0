'use client'
import Link from 'next/link'
import { useState } from 'react'
import { useApi } from './console-providers'
import { endpoints } from '@/lib/console/endpoint-refs'

/**
 * Import a group from a GitLab export archive (POST /groups/import, multipart): the archive is
 * checked at once (errors show here), the tree is built in the background.
 */
export function GroupImportForm({ parents, initialParent }: { parents: { id: number; full_path: string }[]; initialParent?: number }) {
  const api = useApi()
  const [name, setName] = useState('')
  const [path, setPath] = useState('')
  const [parent, setParent] = useState(initialParent && parents.some((p) => p.id === initialParent) ? String(initialParent) : '')
  const [file, setFile] = useState<File | null>(null)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    setError(null)
    setDone(null)
    if (!name || !path || !file) {
      setError('Name, path and an export file are required.')
      return
    }
    setPending(true)
    try {
      await api.multipart(endpoints.groupExport.import, {}, { name, path, file, ...(parent ? { parent_id: parent } : {}) })
      setDone(parent ? `${parents.find((p) => String(p.id) === parent)?.full_path ?? parent}/${path}` : path)
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Request failed')
    } finally {
      setPending(false)
    }
  }
  return (
    <form noValidate onSubmit={submit} data-testid="group-import-form">
      {error && (
        <div className="alert alert-error" role="alert" data-testid="group-import-error">
          {error}
        </div>
      )}
      {done && (
        <div className="alert alert-success" role="status" data-testid="group-import-started">
          Import started: <Link href={`/groups/${done}`}>{done}</Link> fills in within moments (Admin → Background tasks shows progress).
        </div>
      )}
      <div className="field">
        <label htmlFor="import-name">Group name</label>
        <input id="import-name" value={name} onChange={(e) => setName(e.target.value)} data-testid="group-import-name" />
      </div>
      <div className="field">
        <label htmlFor="import-path">Group URL (path)</label>
        <input id="import-path" value={path} onChange={(e) => setPath(e.target.value)} data-testid="group-import-path" />
      </div>
      <div className="field">
        <label htmlFor="import-parent">Parent group</label>
        <select id="import-parent" value={parent} onChange={(e) => setParent(e.target.value)} data-testid="group-import-parent">
          <option value="">None (a top-level group)</option>
          {parents.map((p) => (
            <option key={p.id} value={p.id}>
              {p.full_path}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="import-file">GitLab group export file (.tar.gz)</label>
        <input id="import-file" type="file" accept=".gz,.tgz,application/gzip" onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="group-import-file" />
      </div>
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={pending} data-testid="group-import-submit">
          {pending ? 'Uploading…' : 'Import group'}
        </button>
      </div>
    </form>
  )
}
