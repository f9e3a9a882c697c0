'use client'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useMemo, useState } from 'react'
import { useApi } from '../console-providers'
import { Field } from '../form/field'
import { Button } from '../ui/button'
import { CodeEditor } from '../ui/code-editor'
import { Input } from '../ui/input'
import { useToast } from '../ui/toast'
import type { BodyOf } from '@/lib/api/endpoint'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { lintDiagnostics } from '@/lib/ci-config/lint-lines'

type Lint = BodyOf<typeof endpoints.ciConfig.lint>

/**
 * Edits `.gitlab-ci.yml` on a branch in a code editor: Validate runs CI lint; Save lints first and
 * commits only a valid configuration (a new commit through the repository files API). Lint errors
 * are listed below the editor and marked at their lines in it.
 */
export function CiEditor({
  projectId,
  branch,
  initial,
  exists,
}: {
  projectId: number
  branch: string
  initial: string
  exists: boolean
}) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const [content, setContent] = useState(initial)
  const [message, setMessage] = useState('Update .gitlab-ci.yml')
  const [lint, setLint] = useState<{ result: Lint; of: string } | null>(null)
  const [saved, setSaved] = useState(false)
  const [created, setCreated] = useState(exists)
  // Linting writes nothing: no "saved" toast for it.
  const validate = (text: string) => api.quiet(endpoints.ciConfig.lint, { id: projectId, content: text })
  const check = useMutation({
    mutationFn: validate,
    onSuccess: (r, text) => {
      setLint({ result: r, of: text })
      setSaved(false)
    },
  })
  const save = useMutation({
    mutationFn: async (text: string) => {
      const result = await validate(text)
      setLint({ result, of: text })
      if (!result.valid) return false
      await api.quiet(created ? endpoints.repositoryFile.update : endpoints.repositoryFile.create, {
        id: projectId,
        file_path: '.gitlab-ci.yml',
        branch,
        content: text,
        commit_message: message,
      })
      return true
    },
    onSuccess: (ok) => {
      if (!ok) return
      toast.success(`Committed .gitlab-ci.yml to ${branch}.`)
      setSaved(true)
      setCreated(true)
      router.refresh()
    },
  })
  // Lines are found in the text that was linted; the editor moves them along with later edits.
  const diagnostics = useMemo(() => (lint ? lintDiagnostics(lint.of, lint.result.errors) : []), [lint])
  const result = lint?.result
  return (
    <div data-testid="ci-editor">
      <CodeEditor
        language="yaml"
        size="tall"
        value={content}
        onChange={(text) => {
          setContent(text)
          setSaved(false)
        }}
        diagnostics={diagnostics}
        ariaLabel=".gitlab-ci.yml"
        testId="ci-editor-content"
      />
      <Field label="Commit message" htmlFor="ci-commit-message">
        <Input
          id="ci-commit-message"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          data-testid="ci-editor-message"
        />
      </Field>
      <div className="actions">
        <Button
          pending={check.isPending}
          pendingLabel="Validating…"
          onClick={() => check.mutate(content)}
          data-testid="ci-editor-validate"
        >
          Validate
        </Button>
        <Button
          variant="primary"
          disabled={!message}
          pending={save.isPending}
          pendingLabel="Committing…"
          onClick={() => save.mutate(content)}
          data-testid="ci-editor-save"
        >
          Commit to {branch}
        </Button>
      </div>
      {result && result.valid && !saved && (
        <div className="alert alert-success" role="status" data-testid="ci-lint-valid">
          This configuration is valid.
        </div>
      )}
      {result && !result.valid && (
        <div className="alert alert-error" role="alert" data-testid="ci-lint-errors">
          <strong>This configuration is invalid{save.isSuccess ? ' and was not saved' : ''}:</strong>
          <ul>
            {result.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      )}
      {saved && (
        <div className="alert alert-success" role="status" data-testid="ci-editor-saved">
          Committed to {branch}. New pipelines use this configuration.
        </div>
      )}
      {(check.error || save.error) && (
        <div className="alert alert-error" role="alert">
          {(check.error ?? save.error)!.message}
        </div>
      )}
    </div>
  )
}
