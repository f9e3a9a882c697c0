# The ruby gitlab gem against the runners API. Prints JSON.
# Usage: ruby ruby_gitlab_runners.rb <url> <token> <registration-token> <project-id>
require 'gitlab'
require 'json'

url, token, reg_token, project_id = ARGV
Gitlab.configure do |c|
  c.endpoint = "#{url}/api/v4"
  c.private_token = token
end
registered = Gitlab.register_runner(reg_token, description: 'ruby runner', tag_list: 'ruby,linux')
runner = Gitlab.runner(registered.id)
# Every page: other test files register runners too, so the first 20 may not hold this one.
owned = Gitlab.runners.auto_paginate.map(&:id)
all = Gitlab.all_runners(type: 'project_type').auto_paginate.map(&:id)
project = Gitlab.project_runners(project_id.to_i).map(&:id)
updated = Gitlab.update_runner(registered.id, description: 'ruby runner (edited)')
puts JSON.generate(
  registered: { id: registered.id, token: registered.token },
  runner: { description: runner.description, tag_list: runner.tag_list, runner_type: runner.runner_type },
  owned: owned,
  all: all,
  project: project,
  updated: updated.description
)
