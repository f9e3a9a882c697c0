import type { ReactNode } from 'react'
import './globals.css'
import '@/components/ui/ui.css'
import { HydrationMark } from '@/components/layout/hydration-mark'
import { NavigationProgress } from '@/components/layout/navigation-progress'

export const metadata = { title: { default: 'Admin console', template: '%s · Admin console' } }

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <NavigationProgress />
        {children}
        <HydrationMark />
      </body>
    </html>
  )
}
