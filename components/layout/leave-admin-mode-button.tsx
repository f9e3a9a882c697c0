import { leaveAdminModeAction } from '@/lib/console/admin-mode-actions'
import { ActionSubmitButton } from './action-submit-button'

/** Ends admin mode for this session (admin_mode on); the admin area then asks for the password again. */
export function LeaveAdminModeButton() {
  return (
    <form action={leaveAdminModeAction}>
      <ActionSubmitButton variant="link" pendingLabel="Leaving…" data-testid="leave-admin-mode">
        Leave admin mode
      </ActionSubmitButton>
    </form>
  )
}
