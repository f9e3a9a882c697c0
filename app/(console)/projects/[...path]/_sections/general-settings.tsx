// Settings → General of a project (GitLab's /-/edit, Maintainers and above): naming, visibility and
// the issues feature, through PUT /projects/:id.
import { notFound } from 'next/navigation'
import { ProjectSettingsForm } from '@/components/projects/project-settings-form'
import type { ProjectSectionProps } from './index'

export function ProjectGeneralSettings({ project }: ProjectSectionProps) {
  if (!project.abilities.admin_project) notFound()
  return (
    <section className="card" data-testid="project-general-settings">
      <h2>Naming and visibility</h2>
      <p className="muted">
        The project&apos;s name, its URL, what it is about, who may see it and who may use its issues.
      </p>
      <ProjectSettingsForm project={project} />
    </section>
  )
}
