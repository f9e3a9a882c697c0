import { Tabs } from '@/components/ui'

/** Import's two pages: starting an import, and the migrations started so far. */
export function ImportTabs() {
  return (
    <Tabs
      label="Import"
      items={[
        { href: '/import', label: 'Import' },
        { href: '/import/history', label: 'History', testId: 'import-history-link' },
      ]}
    />
  )
}
