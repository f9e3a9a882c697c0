'use client'
// Re-authentication for admin mode: the password goes to a server action, which returns an error
// or redirects back to the admin page that asked for it.
import { useActionState } from 'react'
import { enterAdminModeAction, type AdminModeState } from '@/lib/console/admin-mode-actions'

export function AdminModeForm({ redirectTo }: { redirectTo: string }) {
  const [state, action, pending] = useActionState<AdminModeState, FormData>(enterAdminModeAction, {})
  return (
    <form action={action} data-testid="admin-mode-form">
      {state.error && (
        <div className="alert alert-error" role="alert" data-testid="admin-mode-error">
          {state.error}
        </div>
      )}
      <input type="hidden" name="redirect" value={redirectTo} />
      <div className="field">
        <label htmlFor="admin-mode-password">Password</label>
        <input id="admin-mode-password" name="password" type="password" autoComplete="current-password" autoFocus required data-testid="admin-mode-password-input" />
      </div>
      <button type="submit" className="btn btn-primary" disabled={pending} data-testid="admin-mode-submit">
        {pending ? 'Checking…' : 'Enter admin mode'}
      </button>
    </form>
  )
}
