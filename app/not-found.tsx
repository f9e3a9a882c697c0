import { ConsoleShell } from '@/components/layout/console-shell'
import { StatusPage } from '@/components/ui/status-page'

export const metadata = { title: 'Page not found' }

// Any unknown URL: the same 404 as inside the console, with the shell around it.
export default function NotFound() {
  return (
    <ConsoleShell>
      <StatusPage code={404} />
    </ConsoleShell>
  )
}
