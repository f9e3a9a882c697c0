#!/usr/bin/env python3
"""python-gitlab against a group's epics: create, list (with filters), get, save (title, labels,
state_event), delete. python-gitlab builds an epic's URL from its group_id and iid.

Usage: python_gitlab_epics.py URL TOKEN GROUP_ID
Prints one JSON object; any exception propagates (non-zero exit, traceback on stderr).
"""
import json
import sys

import gitlab


def main():
    url, token, group_id = sys.argv[1:4]
    gl = gitlab.Gitlab(url, private_token=token)
    group = gl.groups.get(int(group_id), lazy=True)
    out = {}
    first = group.epics.create({"title": "Py epic", "description": "from python", "labels": ["py", "plan"], "start_date": "2026-04-01", "end_date": "2026-04-30"})
    second = group.epics.create({"title": "Py second"})
    out["created"] = {"iid": first.iid, "group_id": first.group_id, "labels": first.labels, "start_date_fixed": first.start_date_fixed, "due_date_fixed": first.due_date_fixed}
    out["iids"] = [first.iid, second.iid]
    out["listed"] = [e.title for e in group.epics.list(get_all=True, order_by="title", sort="asc")]
    out["by_label"] = [e.title for e in group.epics.list(labels=["py"], get_all=True)]
    epic = group.epics.get(first.iid)
    epic.title = "Py renamed"
    epic.labels = ["py"]
    epic.save()
    out["saved"] = {"title": epic.title, "labels": epic.labels}
    epic.state_event = "close"
    epic.save()
    out["closed"] = group.epics.get(first.iid).state
    group.epics.delete(second.iid)
    try:
        group.epics.get(second.iid)
        out["deleted"] = None
    except gitlab.exceptions.GitlabGetError as e:
        out["deleted"] = e.response_code
    epic.delete()
    out["left"] = [e.iid for e in group.epics.list(get_all=True)]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
