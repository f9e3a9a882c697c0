"""python-gitlab (Debian's python3-gitlab) against the container registry API, unchanged.

Usage: python_gitlab_registry.py <url> <token> <project id> <group id>
Prints JSON: what the library read, so the test can compare it with the registry.
"""
import json
import sys

import gitlab

url, token, project_id, group_id = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
gl = gitlab.Gitlab(url, private_token=token)
project = gl.projects.get(project_id)

repos = project.repositories.list(get_all=True)
repo = next(r for r in repos if r.name == "py")
tags = repo.tags.list(get_all=True)
one = repo.tags.get(id="keep-me")
single = gl.registry_repositories.get(repo.id, tags_count=True)
group_repos = gl.groups.get(group_id).registry_repositories.list(get_all=True)

repo.tags.delete(id="gone-1")
after_single = [t.name for t in repo.tags.list(get_all=True)]
repo.tags.delete_in_bulk(name_regex_delete="old-.*", keep_n=1)
try:
    repo.tags.delete_in_bulk(name_regex_delete="old-.*")
    second = "accepted"
except gitlab.exceptions.GitlabDeleteError as e:
    second = {"code": e.response_code, "message": str(e.error_message)}

print(json.dumps({
    "repositories": [{"id": r.id, "name": r.name, "path": r.path, "location": r.location} for r in repos],
    "tags": [t.name for t in tags],
    "tag": {"name": one.name, "digest": one.digest, "total_size": one.total_size, "short_revision": one.short_revision},
    "single": {"id": single.id, "tags_count": single.tags_count},
    "group_repository_ids": sorted(r.id for r in group_repos),
    "after_single_delete": after_single,
    "second_bulk": second,
}))
