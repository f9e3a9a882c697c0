/** Placeholder bars while a client-side list loads (server-rendered pages need none). */
export function Skeleton({ lines = 3, testId = 'skeleton' }: { lines?: number; testId?: string }) {
  return (
    <div className="ui-skeleton" aria-busy="true" aria-label="Loading" data-testid={testId}>
      {/* Widths vary by class, not by a style="" attribute: the console's CSP refuses those. */}
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="ui-skeleton-line" />
      ))}
    </div>
  )
}
