'use client'
// Re-authentication for admin mode: the password goes to a server action, which returns an error
// or redirects back to the admin page that asked for it.
import { useActionState } from 'react'
import { enterAdminModeAction, type AdminModeState } from '@/lib/console/admin-mode-actions'
import { Field } from '../form/field'
import { Button } from '../ui/button'
import { Input } from '../ui/input'

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
      <Field label="Password" htmlFor="admin-mode-password">
        <Input
          id="admin-mode-password"
          name="password"
          type="password"
          autoComplete="current-password"
          autoFocus
          required
          invalid={!!state.error}
          data-testid="admin-mode-password-input"
        />
      </Field>
      <Button
        type="submit"
        variant="primary"
        pending={pending}
        pendingLabel="Checking…"
        data-testid="admin-mode-submit"
      >
        Enter admin mode
      </Button>
    </form>
  )
}
