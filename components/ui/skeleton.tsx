/** Placeholder bars while a client-side list loads (server-rendered pages need none). */
export function Skeleton({ lines = 3, testId = 'skeleton' }: { lines?: number; testId?: string }) {
  return (
    <div className="ui-skeleton" aria-busy="true" aria-label="Loading" data-testid={testId}>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="ui-skeleton-line" style={{ width: `${90 - ((i * 17) % 40)}%` }} />
      ))}
    </div>
  )
}
