// @gitbeaker/rest's ProjectSnippets against the server: what a real client sends (camelCase
// options decamelized into a JSON body, raw reads as text) must work unchanged.
import { describe, expect, it } from 'vitest'
import { api, gitlab, unique } from '../helpers'

describe('@gitbeaker/rest ProjectSnippets', () => {
  it('creates, shows, edits with file actions, reads raw content and removes', async () => {
    const gl = await gitlab()
    const project = (await api('POST', '/projects', { json: { name: unique('gb-snip') } })).body.id as number
    const created = await gl.ProjectSnippets.create(project, 'From gitbeaker', {
      visibility: 'private',
      files: [
        { filePath: 'main.py', content: 'print(1)\n' },
        { filePath: 'README.md', content: '# hi\n' },
      ],
    })
    expect(created).toMatchObject({ title: 'From gitbeaker', file_name: 'README.md', visibility: 'private' })
    expect((created.files as { path: string }[]).map((f) => f.path)).toEqual(['README.md', 'main.py'])

    const shown = await gl.ProjectSnippets.show(project, created.id)
    expect(shown.id).toBe(created.id)
    expect((await gl.ProjectSnippets.all(project)).map((s) => s.id)).toContain(created.id)

    const edited = await gl.ProjectSnippets.edit(project, created.id, {
      files: [{ action: 'update', filePath: 'main.py', content: 'print(2)\n' }],
    })
    expect(edited.id).toBe(created.id)
    expect(await gl.ProjectSnippets.showRepositoryFileContent(project, created.id, 'main', 'main.py')).toBe(
      'print(2)\n',
    )
    expect(await gl.ProjectSnippets.showContent(project, created.id)).toBe('# hi\n')

    const detail = await gl.ProjectSnippets.showUserAgentDetails(project, created.id)
    expect(detail.user_agent).toMatch(/.+/)
    expect(detail.spamfilter_submitted).toBe(false)

    await gl.ProjectSnippets.remove(project, created.id)
    expect((await api('GET', `/projects/${project}/snippets/${created.id}`)).status).toBe(404)
  })
})
