'use client'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { TOKEN_SCOPES } from '@/lib/auth/scopes'
import { Checkbox } from '../ui'

// GitLab's descriptions of what each scope grants, shortened.
const DESCRIPTIONS: Partial<Record<string, string>> = {
  api: 'Full read/write access to the API',
  read_api: 'Read access to the API',
  read_user: 'Read the authenticated user’s profile',
  create_runner: 'Create runners',
  manage_runner: 'Manage runners',
  k8s_proxy: 'Kubernetes API calls through the agent',
  read_repository: 'Pull from repositories',
  write_repository: 'Push to repositories',
  read_registry: 'Pull container images',
  write_registry: 'Push container images',
  sudo: 'Act as any user (administrators)',
  admin_mode: 'Admin Mode API access (administrators)',
  self_rotate: 'Rotate this token',
}

/** `scopes`: the offered set (personal tokens by default; group/project tokens have fewer). */
export function ScopeCheckboxes({
  register,
  scopes = TOKEN_SCOPES,
}: {
  register: UseFormRegisterReturn<'scopes'>
  scopes?: readonly string[]
}) {
  return (
    <div className="checkbox-grid" data-testid="token-scopes">
      {scopes.map((scope) => (
        <Checkbox
          key={scope}
          value={scope}
          {...register}
          data-testid={`token-scope-${scope}`}
          label={
            <>
              <code>{scope}</code>
              {DESCRIPTIONS[scope] ? <span className="muted small"> — {DESCRIPTIONS[scope]}</span> : null}
            </>
          }
        />
      ))}
    </div>
  )
}
