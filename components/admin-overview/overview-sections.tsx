// The cards of Admin → Overview: instance counts, system, health, quick actions and recent admin
// changes. Presentational: the page loads the data (lib/console/admin-overview.ts and the API).
import Link from 'next/link'
import type { ReactNode } from 'react'
import { Badge, buttonClass, EmptyState, RelativeTime, type BadgeTone } from '@/components/ui'
import type { AdminOverview, OverviewHealth, SettingsChangeSummary } from '@/lib/console/admin-overview'
import type { HealthState } from '@/lib/console/admin-health'
import type { BroadcastMessageEntity } from '@/lib/broadcast-messages/entity'
import './overview.css'

const TONE: Record<HealthState, BadgeTone> = { ok: 'ok', warn: 'warn', bad: 'bad', off: 'muted' }
const WORD: Record<HealthState, string> = { ok: 'OK', warn: 'Warning', bad: 'Failing', off: 'Off' }

function Card({
  title,
  more,
  testId,
  children,
}: {
  title: string
  more?: { href: string; label: string }
  testId: string
  children: ReactNode
}) {
  return (
    <section className="card overview-card" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <div className="overview-card-head">
        <h2 id={`${testId}-title`}>{title}</h2>
        {more && (
          <Link href={more.href} className="small" data-testid={`${testId}-more`}>
            {more.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  )
}

export function CountTiles({ counts }: { counts: AdminOverview['counts'] }) {
  return (
    <ul className="overview-counts" data-testid="overview-counts">
      {counts.map((c) => (
        <li key={c.key}>
          <Link href={c.href} className="overview-count" data-testid={`overview-count-${c.key}`} data-value={c.value}>
            <span className="overview-count-value">{c.value.toLocaleString('en-US')}</span>
            <span className="overview-count-label">{c.label}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

export function SystemCard({ version, database }: Pick<AdminOverview, 'version' | 'database'>) {
  return (
    <Card title="System" testId="overview-system">
      <dl className="overview-facts">
        <dt>Version</dt>
        <dd data-testid="overview-version">
          GitLab API {version.gitlab}
          {version.revision !== 'unknown' && <span className="muted"> · revision {version.revision}</span>}
        </dd>
        <dt>Database</dt>
        <dd data-testid="overview-database">
          {database.name}
          {database.version && ` ${database.version}`}
        </dd>
      </dl>
    </Card>
  )
}

function HealthRow({ h }: { h: OverviewHealth }) {
  return (
    <li className="overview-health-row" data-testid={`overview-health-${h.key}`} data-state={h.state}>
      <Badge tone={TONE[h.state]} testId={`overview-health-${h.key}-badge`}>
        {WORD[h.state]}
      </Badge>
      <div>
        <div className="strong">
          {h.href ? (
            <Link href={h.href} data-testid={`overview-health-${h.key}-link`}>
              {h.label}
            </Link>
          ) : (
            h.label
          )}
        </div>
        <div className="small muted" data-testid={`overview-health-${h.key}-reason`}>
          {h.reason}
        </div>
      </div>
    </li>
  )
}

export function HealthCard({ health }: { health: OverviewHealth[] }) {
  return (
    <Card title="Health" testId="overview-health">
      <ul className="overview-list">
        {health.map((h) => (
          <HealthRow key={h.key} h={h} />
        ))}
      </ul>
    </Card>
  )
}

const ACTIONS = [
  { href: '/admin/users/new', label: 'New user', testId: 'overview-action-new-user' },
  { href: '/groups/new', label: 'New group', testId: 'overview-action-new-group' },
  { href: '/projects/new', label: 'New project', testId: 'overview-action-new-project' },
] as const

export function QuickActions() {
  return (
    <nav className="overview-actions" aria-label="Quick actions">
      {ACTIONS.map((a) => (
        <Link key={a.href} href={a.href} className={buttonClass('primary')} data-testid={a.testId}>
          {a.label}
        </Link>
      ))}
    </nav>
  )
}

const who = (u: SettingsChangeSummary['user']) =>
  !u ? 'The system' : u.username ? `@${u.username}` : `Deleted user #${u.id}`

export function SettingsChangesCard({ changes }: { changes: SettingsChangeSummary[] }) {
  return (
    <Card
      title="Recent settings changes"
      more={{ href: '/admin/settings/history', label: 'All changes' }}
      testId="overview-settings-changes"
    >
      {changes.length === 0 ? (
        <EmptyState title="No settings changed yet" testId="overview-settings-changes-empty" />
      ) : (
        <ul className="overview-list">
          {changes.map((c) => (
            <li key={c.id} data-testid="overview-settings-change">
              <span className="strong">{who(c.user)}</span> changed{' '}
              <span className="overview-keys">
                {c.keys.slice(0, 3).map((k) => (
                  <code key={k}>{k}</code>
                ))}
                {c.keys.length > 3 && <span className="muted"> and {c.keys.length - 3} more</span>}
              </span>
              <div className="small muted">
                <RelativeTime iso={c.at} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

const MAX_MESSAGE = 140
const shorten = (s: string) => (s.length > MAX_MESSAGE ? `${s.slice(0, MAX_MESSAGE - 1)}…` : s)

export function BroadcastsCard({ messages, error }: { messages: BroadcastMessageEntity[]; error: boolean }) {
  return (
    <Card
      title="Latest broadcast messages"
      more={{ href: '/admin/broadcast_messages', label: 'All messages' }}
      testId="overview-broadcasts"
    >
      {error ? (
        <p className="muted">Could not load broadcast messages.</p>
      ) : messages.length === 0 ? (
        <EmptyState title="No broadcast messages" testId="overview-broadcasts-empty" />
      ) : (
        <ul className="overview-list">
          {messages.map((m) => (
            <li key={m.id} data-testid="overview-broadcast">
              <Badge tone={m.active ? 'ok' : 'muted'}>
                {m.active ? 'Active' : new Date(m.ends_at) < new Date() ? 'Ended' : 'Scheduled'}
              </Badge>{' '}
              <span className="overview-message">{shorten(m.message)}</span>
              <div className="small muted">
                <RelativeTime iso={m.starts_at} mode="both" /> → <RelativeTime iso={m.ends_at} mode="both" />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
