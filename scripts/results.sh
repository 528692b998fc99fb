#!/usr/bin/env bash
# Regenerates docs/results.md, docs/img/*.png and the committed notebook outputs: the full run of
# every notebook (release build, whole collections; about 10 minutes on 2 cores).
exec "$(dirname "$0")/notebooks.sh" "$@"
