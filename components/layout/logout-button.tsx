'use client'
import { useState } from 'react'
import { signOut } from '../auth-client'
import { Button } from '../ui/button'

/** Signs out, then opens after_sign_out_path (an absolute URL or a path) when set, else /login. */
export function LogoutButton({
  afterSignOutPath = null,
  label = 'Sign out',
}: {
  afterSignOutPath?: string | null
  label?: string
}) {
  const [busy, setBusy] = useState(false)
  return (
    <Button
      variant="link"
      data-testid="logout-button"
      pending={busy}
      pendingLabel="Signing out…"
      onClick={async () => {
        setBusy(true)
        // Our own navigation: next-auth would send us to NEXTAUTH_URL's host, which differs from
        // the browser's when reached as 127.0.0.1 instead of localhost.
        await signOut()
        window.location.assign(afterSignOutPath || '/login')
      }}
    >
      {label}
    </Button>
  )
}
