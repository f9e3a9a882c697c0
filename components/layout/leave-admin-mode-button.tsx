import { leaveAdminModeAction } from '@/lib/console/admin-mode-actions'

/** Ends admin mode for this session (admin_mode on); the admin area then asks for the password again. */
export function LeaveAdminModeButton() {
  return (
    <form action={leaveAdminModeAction}>
      <button type="submit" className="btn btn-link" data-testid="leave-admin-mode">
        Leave admin mode
      </button>
    </form>
  )
}
