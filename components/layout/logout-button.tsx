'use client'
import { signOut } from 'next-auth/react'
import { useState } from 'react'

export function LogoutButton() {
  const [busy, setBusy] = useState(false)
  return (
    <button
      type="button"
      className="btn btn-link"
      data-testid="logout-button"
      disabled={busy}
      onClick={async () => {
        setBusy(true)
        // redirect: false, then a same-origin navigation: next-auth would send us to NEXTAUTH_URL's
        // host, which differs from the browser's when reached as 127.0.0.1 instead of localhost.
        await signOut({ redirect: false })
        window.location.assign('/login')
      }}
    >
      Sign out
    </button>
  )
}
