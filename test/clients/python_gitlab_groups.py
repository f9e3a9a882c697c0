#!/usr/bin/env python3
"""python-gitlab against this session's features: group update and avatar, project snippets with
files, invitations (success and GitlabInvitationError), access tokens, sharing, schedule variables.

Usage: python_gitlab_groups.py URL TOKEN PREFIX AVATAR_PNG
Prints one JSON object; any exception propagates (non-zero exit, traceback on stderr).
"""
import datetime
import json
import sys
import warnings

import gitlab


def main():
    url, token, prefix, avatar = sys.argv[1:5]
    out = {}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        gl = gitlab.Gitlab(url, private_token=token)
        group = gl.groups.create({"name": f"Py {prefix}", "path": prefix})
        group.description = "set by python-gitlab"
        group.request_access_enabled = False
        group.save()
        with open(avatar, "rb") as f:
            group.avatar = f
            group.save()
        fresh = gl.groups.get(group.id, with_projects=False)
        out["group"] = {"description": fresh.description, "request_access_enabled": fresh.request_access_enabled, "has_avatar": bool(fresh.avatar_url)}

        project = gl.projects.create({"name": f"{prefix} app", "namespace_id": group.id, "initialize_with_readme": True})
        # python-gitlab 3.x requires the legacy single-file form on create; a second file comes by update.
        snippet = project.snippets.create({"title": "Py", "visibility": "private", "file_name": "a.py", "content": "print(1)\n"})
        project.snippets.update(snippet.id, {"files": [{"action": "create", "file_path": "b.txt", "content": "b\n"}]})
        snippet = project.snippets.get(snippet.id)
        out["snippet"] = {"file_name": snippet.file_name, "files": [f["path"] for f in snippet.files], "raw": snippet.content().decode()}
        out["user_agent"] = snippet.user_agent_detail()["user_agent"]

        ok = group.invitations.create({"email": f"{prefix}@example.com", "access_level": gitlab.const.AccessLevel.DEVELOPER})
        out["invite_ok"] = ok.status if hasattr(ok, "status") else ok.attributes.get("status")
        try:
            group.invitations.create({"email": "not-an-address@", "access_level": gitlab.const.AccessLevel.DEVELOPER})
            out["invite_error"] = None
        except gitlab.exceptions.GitlabInvitationError as e:
            out["invite_error"] = str(e.error_message)
        out["invitations"] = [i.invite_email for i in group.invitations.list(get_all=True)]

        tok = group.access_tokens.create({"name": "py-bot", "scopes": ["read_api"], "access_level": 30, "expires_at": (datetime.date.today() + datetime.timedelta(days=30)).isoformat()})
        out["access_token"] = {"has_token": bool(tok.token), "access_level": tok.access_level}
        bot = gitlab.Gitlab(url, private_token=tok.token)
        out["bot_sees_project"] = bot.projects.get(project.id).id == project.id

        other = gl.groups.create({"name": f"Py {prefix} team", "path": f"{prefix}-team"})
        project.share(other.id, gitlab.const.AccessLevel.REPORTER)
        out["shared_with"] = [g["group_id"] for g in gl.projects.get(project.id).shared_with_groups]
        project.unshare(other.id)

        schedule = project.pipelineschedules.create({"description": "nightly", "ref": "main", "cron": "0 1 * * *"})
        schedule.variables.create({"key": "MODE", "value": "full"})
        # python-gitlab shadows the `variables` attribute with its manager; the raw attributes keep it.
        out["schedule_variables"] = [v["key"] for v in project.pipelineschedules.get(schedule.id).attributes["variables"]]

    out["warnings"] = [f"{w.category.__name__}: {w.message}" for w in caught if "gitlab" in (w.filename or "")]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
