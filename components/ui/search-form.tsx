import { Button } from './button'
import { Input } from './input'

/**
 * A GET form, so searching works server-rendered and without JavaScript: the query lands in the URL
 * (`?search=`), which the page passes to the API. Submitting drops the page number.
 */
export function SearchForm({
  pathname,
  value,
  placeholder = 'Search',
  keep = {},
}: {
  pathname: string
  value?: string
  placeholder?: string
  /** Other params to carry over (filters), never the page. */
  keep?: Record<string, string | undefined>
}) {
  return (
    <form className="search-form" method="get" action={pathname} role="search">
      {Object.entries(keep).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={v} /> : null))}
      <Input
        type="search"
        name="search"
        defaultValue={value ?? ''}
        placeholder={placeholder}
        aria-label={placeholder}
        data-testid="search-input"
      />
      <Button type="submit" data-testid="search-submit">
        Search
      </Button>
    </form>
  )
}
