// How to put the first image into a project's registry: log in to the registry host, then tag and
// push to the project's location (what GitLab's empty registry page explains).
export function PushHelp({ location }: { location: string }) {
  const host = location.split('/', 1)[0] ?? location
  return (
    <div data-testid="registry-push-help">
      <p>
        Push an image to this project&apos;s registry with Docker (or any OCI client), signing in with your username and
        a personal access token:
      </p>
      <div className="token-box">
        <pre data-testid="registry-push-commands">{`docker login ${host}\ndocker build -t ${location}:tag .\ndocker push ${location}:tag`}</pre>
      </div>
      <p className="muted small">
        Images may also go below the project&apos;s path, such as <code>{location}/backend:tag</code>, as separate
        repositories.
      </p>
    </div>
  )
}
