#!/bin/sh
# Starts the process this image was built for: `node $APP/dist/main.js`.
# A command given to the container runs instead (e.g. `node tools/migrate.mjs`).
set -eu

if [ "$#" -gt 0 ]; then
  exec "$@"
fi

: "${APP:?APP is not set (e.g. gateway or apps/auth-service)}"
main="/app/${APP}/dist/main.js"
if [ ! -f "$main" ]; then
  echo "snaptrack-entrypoint: $main not found; is APP (${APP}) a workspace with a build?" >&2
  exit 1
fi
exec node "$main"
