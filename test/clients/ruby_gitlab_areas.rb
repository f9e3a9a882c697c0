# The ruby gitlab gem across the product's areas: settings, namespace lookup, groups, projects,
# protected branches, schedules, snippets, broadcast messages, and (through the gem's raw requests,
# which it has no helpers for) invitations and SAML links. Prints JSON.
# Usage: ruby ruby_gitlab_areas.rb <url> <admin-token> <unique-suffix>
require 'gitlab'
require 'json'

url, token, suffix = ARGV
Gitlab.configure do |c|
  c.endpoint = "#{url}/api/v4"
  c.private_token = token
end
out = {}

settings = Gitlab.edit_application_settings(polling_interval_multiplier: 2)
out[:polling] = settings.polling_interval_multiplier
Gitlab.edit_application_settings(polling_interval_multiplier: 1)

parent = Gitlab.create_group("Ruby parent #{suffix}", "ruby-parent-#{suffix}", visibility: 'private')
out[:namespaces] = Gitlab.namespaces(search: "ruby-parent-#{suffix}").map { |n| [n.kind, n.full_path == parent.full_path] }
child = Gitlab.create_group('Child', 'child', parent_id: parent.id)
Gitlab.edit_group(child.id, description: 'managed by ruby')
out[:group_description] = Gitlab.group(child.id).description
out[:subgroups] = Gitlab.group_subgroups(parent.id).map(&:path)

project = Gitlab.create_project('svc', namespace_id: child.id, initialize_with_readme: true)
out[:project_path] = Gitlab.project(project.id).path_with_namespace == "#{parent.full_path}/child/svc"
Gitlab.protect_branch(project.id, 'release/*', push_access_level: 40, merge_access_level: 30)
out[:protected] = Gitlab.client.get("/projects/#{project.id}/protected_branches").map(&:name)
schedule = Gitlab.create_pipeline_schedule(project.id, description: 'nightly', ref: 'main', cron: '0 3 * * *', active: false)
out[:schedule] = { description: schedule.description, active: schedule.active }
out[:schedules] = Gitlab.pipeline_schedules(project.id).size
snippet = Gitlab.create_snippet(project.id, title: 'howto', file_name: 'howto.md', content: '# how', visibility: 'private')
out[:snippet] = { title: snippet.title, content: Gitlab.snippet_content(project.id, snippet.id) }

invite = Gitlab.client.post("/groups/#{parent.id}/invitations", body: { email: "ruby-#{suffix}@example.com", access_level: 30 })
out[:invite_status] = invite.status
link = Gitlab.client.post("/groups/#{parent.id}/saml_group_links", body: { saml_group_name: 'ruby-devs', access_level: 30 })
out[:saml] = { name: link.name, access_level: link.access_level }

message = Gitlab.create_broadcast_message("ruby says hi #{suffix}", color: '#e75e40')
out[:broadcast] = Gitlab.broadcast_message(message.id).message
Gitlab.delete_broadcast_message(message.id)

puts JSON.generate(out)
