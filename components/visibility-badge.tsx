import { Badge } from './ui/badge'

/** private / internal / public, coloured by the domain's own badge classes (badge-private, …). */
export function VisibilityBadge({ visibility, testId }: { visibility: string; testId?: string }) {
  return (
    <Badge className={`badge-${visibility}`} testId={testId}>
      {visibility}
    </Badge>
  )
}
