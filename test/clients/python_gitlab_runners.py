"""python-gitlab against the runners API: registration, verify, lists, details, update, project
assignment, jobs and deletion. Prints JSON. Usage: python_gitlab_runners.py <url> <token> <registration-token> <project-id> <other-project-id>"""
import json
import sys
import warnings

import gitlab

url, token, reg_token, project_id, other_id = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
caught = []
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    gl = gitlab.Gitlab(url, private_token=token)
    runner = gl.runners.create({"token": reg_token, "description": "py runner", "tag_list": ["py", "linux"]})
    gl.runners.verify(runner.token)
    one = gl.runners.get(runner.id)
    one.description = "py runner (edited)"
    one.save()
    again = gl.runners.get(runner.id)
    owned = [r.id for r in gl.runners.list(get_all=True)]
    everything = [r.id for r in gl.runners_all.list(get_all=True, type="project_type")] if hasattr(gl, "runners_all") else [r.id for r in gl.runners.all(get_all=True, type="project_type")]
    other = gl.projects.get(other_id, lazy=True)
    other.runners.create({"runner_id": runner.id})
    assigned = [r.id for r in other.runners.list(get_all=True)]
    other.runners.delete(runner.id)
    after = [r.id for r in other.runners.list(get_all=True)]
    jobs = [j.id for j in one.jobs.list(get_all=True)]
    gl.runners.delete(runner.id)
    try:
        gl.runners.get(runner.id)
        gone = False
    except gitlab.exceptions.GitlabGetError as e:
        gone = e.response_code == 404
    caught = [str(x.message) for x in w]

print(json.dumps({
    "registered": {"id": runner.id, "token": runner.token},
    "detail": {"description": again.description, "tag_list": again.tag_list, "runner_type": again.runner_type, "status": again.status},
    "owned": owned,
    "all": everything,
    "assigned": assigned,
    "after_unassign": after,
    "jobs": jobs,
    "gone": gone,
    "warnings": caught,
}))
