import { StatusPage } from '@/components/ui/status-page'

export const metadata = { title: 'Page not found' }

export default function ConsoleNotFound() {
  return <StatusPage code={404} />
}
