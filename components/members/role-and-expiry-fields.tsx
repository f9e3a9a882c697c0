// The role and optional expiry fields of the invite and share forms (uncontrolled, named `role`
// and `expires`, read from the form at submit time).
import { DateInput, Field } from '@/components/ui'
import { formText } from '@/lib/util/form'
import { RoleSelect } from './role-select'

export function RoleAndExpiryFields({ prefix, roleLabel = 'Role' }: { prefix: string; roleLabel?: string }) {
  return (
    <>
      <Field label={roleLabel} htmlFor={`${prefix}-role`}>
        <RoleSelect id={`${prefix}-role`} name="role" defaultValue={30} data-testid={`${prefix}-role-select`} />
      </Field>
      <Field label="Access expiration date (optional)" htmlFor={`${prefix}-expires`}>
        <DateInput id={`${prefix}-expires`} name="expires" data-testid={`${prefix}-expires-input`} />
      </Field>
    </>
  )
}

/** The values those fields hold in a submitted form. */
export const roleAndExpiry = (data: FormData) => ({
  level: Number(data.get('role')),
  expires: formText(data, 'expires'),
})
