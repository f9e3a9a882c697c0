#!/usr/bin/env bash
# The Debian packages the test suite drives: Chromium for Playwright, the GitLab clients the
# integration tests run unchanged (python-gitlab, go-gitlab with Go, the ruby gitlab gem) and the
# container registry (docker-registry, distribution 2.8) the registry tests run against. Installs
# what is missing with apt when this user may (root, or sudo without a password); otherwise prints
# one line naming the command to run and exits 1, before any test has run.
# Used by `npm test` (scripts/test.mjs) and by .ci/run.
set -uo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
/usr/bin/python3 -c 'import gitlab' 2>/dev/null || missing+=(python3-gitlab)
{ command -v go >/dev/null && [ -d /usr/share/gocode/src/github.com/xanzy/go-gitlab ]; } || missing+=(golang-go golang-github-xanzy-go-gitlab-dev)
ruby -e 'require "gitlab"' 2>/dev/null || missing+=(ruby-gitlab)
[ -x /usr/bin/docker-registry ] || missing+=(docker-registry)
[ ${#missing[@]} -eq 0 ] && exit 0

command="apt-get install -y ${missing[*]}"
if [ "$(id -u)" = 0 ]; then
  apt=(apt-get)
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  apt=(sudo -n apt-get)
else
  echo "The tests need Debian packages that are missing: run  sudo $command  then npm test again." >&2
  exit 1
fi
echo "Installing the Debian packages the tests drive: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
if ! { "${apt[@]}" update -qq && "${apt[@]}" install -y -qq "${missing[@]}"; }; then
  echo "Installing failed: run  sudo $command  then npm test again." >&2
  exit 1
fi
