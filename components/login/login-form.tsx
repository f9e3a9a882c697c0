'use client'
import { zodResolver } from '@hookform/resolvers/zod'
import { signInWithCredentials } from '../auth-client'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Field } from '../form/field'
import { FormError } from '../form/form-error'
import { Button } from '../ui/button'
import { Input } from '../ui/input'
import { loginErrorMessage } from '@/lib/console/login-messages'

const loginSchema = z.object({
  login: z.string().trim().min(1, 'Enter your username or email'),
  password: z.string().min(1, 'Enter your password'),
})
type LoginValues = z.infer<typeof loginSchema>

export function LoginForm({ callbackUrl, initialError }: { callbackUrl: string; initialError?: string }) {
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { login: '', password: '' } })
  const { errors, isSubmitting } = form.formState

  const onSubmit = async (values: LoginValues) => {
    const res = await signInWithCredentials(values.login, values.password)
    if (!res.ok) {
      // Wrong login and wrong password share one message; a lock or a ban says so, and what to do.
      form.setError('root.server', { message: loginErrorMessage(res.error) })
      form.resetField('password')
      return
    }
    // A full navigation, so the server renders the console with the new session cookie.
    window.location.assign(callbackUrl)
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} data-testid="login-form">
      <FormError
        message={errors.root?.server?.message ?? (form.formState.isSubmitted ? undefined : initialError)}
        testId="login-error"
      />
      <Field label="Username or primary email" htmlFor="login" error={errors.login?.message}>
        <Input
          id="login"
          autoComplete="username"
          autoFocus
          invalid={!!errors.login}
          {...form.register('login')}
          data-testid="login-input"
        />
      </Field>
      <Field label="Password" htmlFor="password" error={errors.password?.message}>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          invalid={!!errors.password}
          {...form.register('password')}
          data-testid="password-input"
        />
      </Field>
      <Button
        type="submit"
        variant="primary"
        className="btn-block"
        pending={isSubmitting}
        pendingLabel="Signing in…"
        data-testid="login-submit"
      >
        Sign in
      </Button>
    </form>
  )
}
