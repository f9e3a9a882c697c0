'use client'
// The submit button of a server-action form (<form action={…}>): pending while the action runs.
import { useFormStatus } from 'react-dom'
import { Button, type ButtonProps } from '../ui/button'

export function ActionSubmitButton(props: Omit<ButtonProps, 'type' | 'pending'>) {
  const { pending } = useFormStatus()
  return <Button {...props} type="submit" pending={pending} />
}
