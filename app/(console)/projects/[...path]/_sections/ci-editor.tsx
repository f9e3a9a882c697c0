// Build → Pipeline editor (GitLab's /-/ci/editor): `.gitlab-ci.yml` of the default branch, linted
// before every commit.
import { CiEditor } from '@/components/ci/ci-editor'
import { api } from '@/lib/console/api'
import type { ProjectSectionProps } from './index'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

const STARTER = `stages: [build, test]

build:
  stage: build
  script:
    - echo "Building $CI_PROJECT_PATH at $CI_COMMIT_SHORT_SHA"

test:
  stage: test
  script:
    - echo "Testing"
`

export async function ProjectCiEditor({ project }: ProjectSectionProps) {
  const branch = project.default_branch
  const file = await api(endpoints.repositoryFile.raw, { id: project.id, file_path: '.gitlab-ci.yml', ref: branch })
  const exists = file.ok && typeof file.body === 'string'
  return (
    <section className="card" data-testid="ci-editor-section">
      <h2>Pipeline editor</h2>
      <p className="muted">
        The CI/CD configuration of <strong>{branch}</strong>. Pipelines (runs, schedules) read it at their ref; a broken
        one fails the pipeline with its errors.
      </p>
      <CiEditor
        projectId={project.id}
        branch={branch}
        initial={exists ? (file.body ?? STARTER) : STARTER}
        exists={exists}
      />
    </section>
  )
}
