"""python-gitlab (Debian's python3-gitlab) against the epic-issue links API, unchanged.

Usage: python_gitlab_epic_issues.py <url> <token> <group id> <epic iid> <issue id,issue id,issue id>
Creates the three links, moves the first after the last-created one, deletes that one; prints the
order (issue ids) after each step as JSON.
"""
import json
import sys

import gitlab

url, token, group_id, epic_iid = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
issue_ids = [int(x) for x in sys.argv[5].split(",")]
gl = gitlab.Gitlab(url, private_token=token)
epic = gl.groups.get(group_id, lazy=True).epics.get(epic_iid)


def order():
    return [i.id for i in epic.issues.list(get_all=True)]


links = [epic.issues.create({"issue_id": issue_id}) for issue_id in issue_ids]
created = [link.issue["id"] for link in links]
after_create = order()

# Move the first issue so that the last-created link (now first in the list) is directly before it.
first = next(i for i in epic.issues.list(get_all=True) if i.id == issue_ids[0])
first.move_before_id = links[-1].epic_issue_id
first.save()
after_move = order()

last = next(i for i in epic.issues.list(get_all=True) if i.id == issue_ids[-1])
last.delete()
after_delete = order()

print(json.dumps({"created": created, "after_create": after_create, "after_move": after_move, "after_delete": after_delete}))
