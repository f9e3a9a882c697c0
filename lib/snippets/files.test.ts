import { describe, expect, it } from 'vitest'
import { applyActions } from './files'
import { blobSha, humanSize } from './git'
import { validFilePath } from './schema'

const current = [
  { path: 'a.txt', content: 'A' },
  { path: 'b.txt', content: 'B' },
]
const errorOf = (fn: () => unknown) => {
  try {
    fn()
  } catch (e) {
    return (e as { body: unknown }).body
  }
  return null
}

describe('snippet file actions', () => {
  it('applies create, update, move (keeping content) and delete in order, sorted by path', () => {
    const next = applyActions(
      current,
      [
        { action: 'update', file_path: 'a.txt', content: 'A2' },
        { action: 'move', previous_path: 'b.txt', file_path: '0/b.txt' },
        { action: 'create', file_path: 'c.txt', content: 'C' },
        { action: 'delete', file_path: 'a.txt' },
      ],
      'updating',
    )
    expect(next).toEqual([
      { path: '0/b.txt', content: 'B' },
      { path: 'c.txt', content: 'C' },
    ])
  })

  it('names path-less new files like GitLab', () => {
    expect(
      applyActions([{ path: 'snippetfile1.txt', content: 'x' }], [{ action: 'create', content: 'y' }], 'updating').map(
        (f) => f.path,
      ),
    ).toEqual(['snippetfile1.txt', 'snippetfile2.txt'])
  })

  it('refuses invalid actions, missing and existing targets, and an empty result', () => {
    expect(
      errorOf(() =>
        applyActions(
          current,
          [{ action: 'update', file_path: 'a.txt', previous_path: 'b.txt', content: 'x' }],
          'updating',
        ),
      ),
    ).toEqual({
      message: { error: 'Snippet actions have invalid data' },
    })
    expect(
      errorOf(() => applyActions(current, [{ action: 'create', file_path: 'a.txt', content: 'x' }], 'creating')),
    ).toEqual({
      message: { error: 'Error creating the snippet - A file with this name already exists' },
    })
    expect(errorOf(() => applyActions(current, [{ action: 'delete', file_path: 'z' }], 'updating'))).toEqual({
      message: { error: "Error updating the snippet - A file with this name doesn't exist" },
    })
    expect(
      errorOf(() =>
        applyActions(
          current,
          [
            { action: 'delete', file_path: 'a.txt' },
            { action: 'delete', file_path: 'b.txt' },
          ],
          'updating',
        ),
      ),
    ).not.toBeNull()
  })
})

describe('snippet helpers', () => {
  it('computes git blob ids', () => {
    // `printf 'hello\n' | git hash-object --stdin`
    expect(blobSha('hello\n')).toBe('ce013625030ba8dba906f756967f9e9ca394464a')
  })

  it('formats sizes like Rails number_to_human_size', () => {
    expect(humanSize(1)).toBe('1 Byte')
    expect(humanSize(100)).toBe('100 Bytes')
    expect(humanSize(2048)).toBe('2 KB')
    expect(humanSize(3000)).toBe('2.93 KB')
    expect(humanSize(52428800)).toBe('50 MB')
  })

  it('accepts relative paths only', () => {
    for (const ok of ['a.rb', 'dir/file.txt', '.gitignore']) expect(validFilePath(ok)).toBe(true)
    for (const bad of ['', ' ', '/etc/passwd', '../x', 'a/../b', 'a//b', 'dir/', 'a\\b', 'a\u0000b'])
      expect(validFilePath(bad)).toBe(false)
  })
})
