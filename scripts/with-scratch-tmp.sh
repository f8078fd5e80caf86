#!/usr/bin/env bash
# Runs a command with TMPDIR set to a fresh directory of its own and removes that directory afterwards, so a test
# run leaves nothing behind in /tmp (the suites make thousands of maps, state directories and logs there). When the
# command fails the directory is kept for diagnosis and its path printed. The name is short on purpose: ipc://
# endpoints below it must stay within the 107 bytes of a Unix socket path.
set -uo pipefail
parent=${TMPDIR:-/tmp}
scratch=$(mktemp -d "$parent/nb.XXXXXX") || exit 1
TMPDIR=$scratch "$@"
status=$?
if [ "$status" = 0 ]; then
  rm -rf "$scratch"
else
  echo "with-scratch-tmp: '$*' failed ($status); its temporary files are kept in $scratch" >&2
fi
exit "$status"
