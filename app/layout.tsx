import type { ReactNode } from 'react'
import './globals.css'
import '@/components/ui/ui.css'
import { HydrationMark } from '@/components/layout/hydration-mark'

export const metadata = { title: { default: 'Admin console', template: '%s · Admin console' } }

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        {children}
        <HydrationMark />
      </body>
    </html>
  )
}
