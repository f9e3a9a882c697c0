export function FormError({ message, testId = 'form-error' }: { message?: string; testId?: string }) {
  if (!message) return null
  return (
    <div className="alert alert-error" role="alert" data-testid={testId}>
      {message}
    </div>
  )
}
