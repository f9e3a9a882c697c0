#!/usr/bin/env python3
"""python-gitlab against Admin -> Users: a user's memberships, identity deletion, deactivate,
activate, block, unblock and delete, as an administrator.

Usage: python_gitlab_users.py URL TOKEN USER_ID
Prints one JSON object; any exception propagates (non-zero exit, traceback on stderr).
"""
import json
import sys

import gitlab


def main():
    url, token, user_id = sys.argv[1:4]
    gl = gitlab.Gitlab(url, private_token=token)
    user = gl.users.get(int(user_id))
    out = {"identities": user.identities}
    out["memberships"] = [(m.source_type, m.source_name, m.access_level) for m in user.memberships.list(get_all=True)]
    out["group_memberships"] = [m.source_type for m in user.memberships.list(type="Namespace", get_all=True)]
    user.identityproviders.delete("group_saml")
    out["identities_after"] = gl.users.get(user.id).identities
    out["deactivate"] = [user.deactivate(), user.state, user.deactivate()]
    out["activate"] = [user.activate(), user.state]
    out["block"] = [user.block(), user.state, user.block()]
    out["unblock"] = [user.unblock(), user.state]
    gl.users.delete(user.id)
    try:
        gl.users.get(user.id)
        out["deleted"] = None
    except gitlab.exceptions.GitlabGetError as e:
        out["deleted"] = e.response_code
    print(json.dumps(out))


if __name__ == "__main__":
    main()
