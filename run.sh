#!/usr/bin/with-contenv bash
# The add-on's command: s6-overlay's /init runs it, with-contenv hands it the container's environment
# (SUPERVISOR_TOKEN). Cyrene reads its options itself from /data/options.json.
# Keep the node command equal to the one `npm start` runs (test/addon/package.test.ts checks).
# A 2 MB young generation and one V8 helper thread keep a Pi's memory for the rest of the house (about
# 20 MB less after boot; bench/footprint.ts measures it). Cyrene's heap is small, so GC barely notices.
set -euo pipefail
cd /app
# A start that a restart cannot fix (bad settings, a damaged or unwritable database) says why in one line
# and exits 0: the Supervisor's watchdog restarts an add-on only after a non-zero exit, so the add-on stays
# stopped with that line in its log instead of failing the same way again and again.
export CYRENE_FATAL_EXIT_CODE=0
exec node --max-semi-space-size=2 --v8-pool-size=1 dist/main.js
