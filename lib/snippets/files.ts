// The file actions of a snippet update (GitLab's SnippetInputAction + SnippetRepository
// multi_files_action), as a pure function from the current files to the next ones.
import { ApiError } from '../api/errors'
import type { FileAction } from './schema'

export interface SnippetFile {
  path: string
  content: string
}

/** How GitLab's snippet services answer a failed create/update: 400 {"message":{"error":"…"}}. */
export const snippetError = (message: string, status = 400) => new ApiError(status, { message: { error: message } })

/** The version's files in git's tree order (what GitLab lists, and whose first entry is `file_name`). */
export const sortFiles = <T extends { path: string }>(files: T[]): T[] =>
  [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))

/** SnippetInputAction's validations; any failure is GitLab's one "invalid data" error. */
function validAction(a: FileAction): boolean {
  const blank = (s: string | undefined) => !s || !s.trim()
  switch (a.action) {
    case 'create':
      return !blank(a.content)
    case 'update':
      return !blank(a.file_path) && !blank(a.content) && (blank(a.previous_path) || a.previous_path === a.file_path)
    case 'delete':
      return !blank(a.file_path)
    case 'move':
      return !blank(a.previous_path) && a.previous_path !== a.file_path
  }
}

/** GitLab names files created without a path `snippetfile<N>.txt`. */
function generatedPath(files: Map<string, string>): string {
  for (let n = 1; ; n++) if (!files.has(`snippetfile${n}.txt`)) return `snippetfile${n}.txt`
}

export function applyActions(
  current: readonly SnippetFile[],
  actions: readonly FileAction[],
  verb: 'creating' | 'updating',
): SnippetFile[] {
  if (!actions.length || !actions.every(validAction)) throw snippetError('Snippet actions have invalid data')
  const fail = (why: string) => snippetError(`Error ${verb} the snippet - ${why}`)
  const files = new Map(current.map((f) => [f.path, f.content]))
  for (const a of actions) {
    const path = a.file_path?.trim() ? a.file_path : undefined
    if (a.action === 'create') {
      const target = path ?? generatedPath(files)
      if (files.has(target)) throw fail('A file with this name already exists')
      files.set(target, a.content!)
    } else if (a.action === 'update' || a.action === 'delete') {
      if (!files.has(path!)) throw fail("A file with this name doesn't exist")
      if (a.action === 'update') files.set(path!, a.content!)
      else files.delete(path!)
    } else {
      const from = a.previous_path!
      if (!files.has(from)) throw fail("A file with this name doesn't exist")
      const target = path ?? generatedPath(files)
      if (files.has(target)) throw fail('A file with this name already exists')
      const content = a.content !== undefined ? a.content : files.get(from)!
      files.delete(from)
      files.set(target, content)
    }
  }
  if (files.size === 0) throw fail('A snippet must keep at least one file')
  return sortFiles([...files].map(([path, content]) => ({ path, content })))
}
