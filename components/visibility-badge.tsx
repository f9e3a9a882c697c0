export function VisibilityBadge({ visibility }: { visibility: string }) {
  return <span className={`badge badge-${visibility}`}>{visibility}</span>
}
