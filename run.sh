#!/usr/bin/with-contenv bash
# The add-on's command: s6-overlay's /init runs it, with-contenv hands it the container's environment
# (SUPERVISOR_TOKEN). Cyrene reads its options itself from /data/options.json.
# Keep the node command equal to the one `npm start` runs (test/addon/package.test.ts checks).
set -euo pipefail
cd /app
exec node --max-semi-space-size=2 dist/main.js
