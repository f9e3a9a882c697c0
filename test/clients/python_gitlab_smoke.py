#!/usr/bin/env python3
"""Drives the server with python-gitlab and prints what it saw as one JSON object.

Usage: python_gitlab_smoke.py URL TOKEN PREFIX   (or GITLAB_URL / GITLAB_TOKEN / SMOKE_PREFIX)
Exit status 0 with JSON on stdout; any exception propagates (non-zero exit, traceback on stderr).
"""
import json
import os
import sys
import warnings

import gitlab


def arg(i, env):
    return sys.argv[i] if len(sys.argv) > i else os.environ[env]


def main():
    url, token, prefix = arg(1, "GITLAB_URL"), arg(2, "GITLAB_TOKEN"), arg(3, "SMOKE_PREFIX")
    out = {"python_gitlab_version": gitlab.__version__}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        gl = gitlab.Gitlab(url, private_token=token, per_page=2)
        gl.auth()
        out["user"] = {"id": gl.user.id, "username": gl.user.username}

        group = gl.groups.create({"name": f"Py {prefix}", "path": prefix, "visibility": "internal"})
        out["group"] = {"id": group.id, "full_path": group.full_path, "visibility": group.visibility}

        first = gl.projects.create({"name": f"{prefix} main", "namespace_id": group.id, "initialize_with_readme": True})
        out["project"] = {"id": first.id, "path_with_namespace": first.path_with_namespace, "default_branch": first.default_branch}
        for i in range(3):
            gl.projects.create({"name": f"{prefix} extra {i}", "namespace_id": group.id})

        by_path = gl.projects.get(first.path_with_namespace)
        out["project_by_path"] = {"id": by_path.id, "name": by_path.name}

        listed = gl.projects.list(search=prefix, order_by="id", sort="asc", get_all=True)
        out["list_get_all"] = [p.id for p in listed]
        iterated = gl.projects.list(search=prefix, order_by="id", sort="asc", iterator=True)
        out["list_iterator"] = [p.id for p in iterated]
        out["list_iterator_total"] = iterated.total
        one_page = gl.projects.list(search=prefix, order_by="id", sort="asc", page=2, get_all=False)
        out["list_page_2"] = [p.id for p in one_page]
        keyset = gl.projects.list(search=prefix, order_by="id", sort="asc", pagination="keyset", iterator=True)
        out["list_keyset"] = [p.id for p in keyset]

        branch = by_path.branches.create({"branch": "feature/python", "ref": "main"})
        out["branch"] = {"name": branch.name, "commit_id": branch.commit["id"]}
        out["branch_get"] = by_path.branches.get("feature/python").name
        out["branches"] = [b.name for b in by_path.branches.list(get_all=True)]

        user = gl.users.create({
            "username": f"{prefix}-user",
            "email": f"{prefix}@example.com",
            "name": f"Py User {prefix}",
            "password": "password-123456",
            "skip_confirmation": True,
        })
        member = by_path.members.create({"user_id": user.id, "access_level": gitlab.const.AccessLevel.DEVELOPER, "expires_at": "2999-12-31"})
        out["member"] = {"id": member.id, "access_level": member.access_level, "expires_at": member.expires_at}
        out["members"] = sorted(m.id for m in by_path.members.list(get_all=True))
        out["member_user_id"] = user.id

        errors = {}
        try:
            gl.projects.get(f"{prefix}/does-not-exist")
        except gitlab.exceptions.GitlabGetError as e:
            errors["missing_project"] = {"code": e.response_code, "message": e.error_message}
        try:
            by_path.members.create({"user_id": user.id, "access_level": 30})
        except gitlab.exceptions.GitlabCreateError as e:
            errors["duplicate_member"] = {"code": e.response_code, "message": e.error_message}
        out["errors"] = errors

    # python-gitlab's own warnings (URL mismatch, partial lists) name it in the text.
    out["warnings"] = [f"{w.category.__name__}: {w.message}" for w in caught if "python-gitlab" in str(w.message) or "gitlab" in (w.filename or "")]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
