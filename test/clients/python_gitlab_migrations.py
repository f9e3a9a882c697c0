"""python-gitlab against group export/import and direct transfer. Prints JSON.
Usage: python_gitlab_migrations.py <url> <token> <group-id> <new-path> <source-full-path> <dest-namespace>
Debian's python-gitlab 3.12 has group.exports and gl.groups.import_group; gl.bulk_imports came in a
later release, so the migration is started through its raw http_post (the same request)."""
import io
import json
import sys
import time
import warnings

import gitlab

url, token, group_id, new_path, source_path, dest_ns = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5], sys.argv[6]
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    gl = gitlab.Gitlab(url, private_token=token)
    group = gl.groups.get(group_id)
    # GitLab has no GET /groups/:id/export (only POST and …/download): download from the created object.
    export = group.exports.create()
    data = None
    last_error = None
    for _ in range(200):
        try:
            data = export.download()
            break
        except gitlab.exceptions.GitlabGetError as e:
            last_error = e
            time.sleep(0.1)
    if data is None:
        raise SystemExit(f"the export never became available: {last_error!r}")
    imported = gl.groups.import_group(io.BytesIO(data), path=new_path, name="Imported by python")
    migration = gl.http_post("/bulk_imports", post_data={
        "configuration": {"url": url, "access_token": token},
        "entities": [{"source_type": "group_entity", "source_full_path": source_path, "destination_slug": "py-copy", "destination_namespace": dest_ns}],
    })
    listed = gl.http_list("/bulk_imports", get_all=True)

print(json.dumps({
    "export_bytes": len(data or b""),
    "import": imported,
    "migration": {"id": migration["id"], "status": migration["status"]},
    "listed": [m["id"] for m in listed],
    "warnings": [str(w.message) for w in caught],
}))
