"""python-gitlab (Debian's python3-gitlab) against the project issues API, unchanged.

Usage: python_gitlab_issues.py <url> <token> <project id>
Prints JSON: what the library read, so the test can compare it with the API.
"""
import json
import sys

import gitlab

url, token, project_id = sys.argv[1], sys.argv[2], int(sys.argv[3])
gl = gitlab.Gitlab(url, private_token=token)
project = gl.projects.get(project_id)

created = project.issues.create({"title": "From python", "description": "d", "labels": ["py", "client"], "weight": 2})
project.issues.create({"title": "Second"})
listed = project.issues.list(get_all=True, state="opened", order_by="created_at", sort="asc")
keyset = project.issues.list(iterator=True, pagination="keyset", order_by="id", sort="asc", per_page=1)
keyset_iids = [i.iid for i in keyset]
one = project.issues.get(created.iid)
one.title = "Renamed by python"
one.state_event = "close"
one.save()
again = project.issues.get(created.iid)
try:
    project.issues.get(9999)
    missing = "found"
except gitlab.exceptions.GitlabGetError as e:
    missing = {"code": e.response_code, "message": str(e.error_message)}
project.issues.delete(created.iid)
after = [i.iid for i in project.issues.list(get_all=True)]

print(json.dumps({
    "created": {"iid": created.iid, "labels": created.labels, "weight": created.weight, "state": created.state},
    "listed": [i.iid for i in listed],
    "keyset": keyset_iids,
    "saved": {"title": one.title, "state": one.state},
    "again": {"title": again.title, "state": again.state, "closed_by": (again.attributes.get("closed_by") or {}).get("id")},
    "missing": missing,
    "after_delete": after,
}))
