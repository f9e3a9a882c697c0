import type { ReactNode } from 'react'
import './globals.css'
import '@/components/ui/ui.css'

export const metadata = { title: { default: 'Admin console', template: '%s · Admin console' } }

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
