import Link from 'next/link'

export default function ConsoleNotFound() {
  return (
    <section data-testid="not-found">
      <h1>Page not found</h1>
      <p className="muted">It does not exist, or you do not have access to it.</p>
      <Link href="/projects">Back to projects</Link>
    </section>
  )
}
