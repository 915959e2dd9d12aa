#!/usr/bin/env bash
# Builds (once) a Debian root holding a venv with Home Assistant Core and the
# Python requirements of every integration the Cyrene tests load, so
# `hass --skip-pip` runs offline. The bookworm host's Python is too old for HA:
# 2026.1-2026.2 need Python >= 3.13.2 (trixie ships 3.13), 2026.3+ need
# >= 3.14.2 (forky ships 3.14).
#
# Two roots are supported, both cached: the newest HA (the default, the full
# test suite) and the oldest HA Cyrene supports (config.yaml's `homeassistant`,
# the compatibility subset). Pick one with the first argument or
# CYRENE_HA_VERSION: a version below, or `newest` / `oldest`.
#
# The root is cached outside the repo, keyed by version and root revision, built in a temp dir and
# renamed into place when complete. Progress goes to stderr; the last line on
# stdout is the root path.
#
# Env: CYRENE_HA_VERSION, CYRENE_HA_CACHE (root dir), CYRENE_DEBIAN_MIRROR (default: from apt sources).
set -euo pipefail

NEWEST=2026.11.0
OLDEST=2026.2.3
HA_VERSION=${1:-${CYRENE_HA_VERSION:-newest}}
case $HA_VERSION in
  newest) HA_VERSION=$NEWEST ;;
  oldest) HA_VERSION=$OLDEST ;;
esac

INTEGRATIONS=(
  demo conversation recorder history template input_boolean http api
  websocket_api onboarding auth persistent_notification notify automation
  script person zone intent assist_pipeline
  wyoming ollama ai_task assist_satellite
  mcp mcp_server
)
# ROOT_REVISION is bumped whenever a root's contents change (an integration
# added), so a cached root from an older recipe is never reused with packages missing.
# DEBOOTSTRAP_SCRIPT: the host's debootstrap (bookworm's 1.0.128) has no script
# named forky; sid's is the one Debian uses for its testing suites.
case $HA_VERSION in
  2026.2.3)
    SUITE=trixie DEBOOTSTRAP_SCRIPT=trixie ROOT_REVISION=3
    ;;
  2026.11.0)
    SUITE=forky DEBOOTSTRAP_SCRIPT=sid ROOT_REVISION=1
    # HA's OpenAI-compatible conversation agent (new in 2026.8).
    INTEGRATIONS+=(llama_cpp)
    ;;
  *)
    echo "provision.sh: unsupported homeassistant version '$HA_VERSION' (supported: $NEWEST, $OLDEST)" >&2
    exit 2
    ;;
esac

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CACHE=${CYRENE_HA_CACHE:-/var/cache/cyrene/ha-$HA_VERSION-r$ROOT_REVISION}
MARKER=.cyrene-ha-ready
# The cache is keyed by version only; the marker also records which recipe built it.
RECIPE=$(cat "$HERE/provision.sh" "$HERE/integration_requirements.py" | sha256sum | cut -c1-16)
START=$SECONDS

log() { printf '[provision +%ss] %s\n' "$((SECONDS - START))" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

if [[ -f $CACHE/$MARKER ]]; then
  log "cached root for homeassistant $HA_VERSION"
  if [[ $(sed -n 2p "$CACHE/$MARKER") != "$RECIPE" ]]; then
    log "WARNING: $CACHE was built by another version of this script; if HA misses a package," \
      "stop its instances and run: rm -rf --one-file-system $CACHE"
  fi
  echo "$CACHE"
  exit 0
fi

[[ $EUID -eq 0 ]] || die "must run as root (debootstrap, chroot)"
mkdir -p "$(dirname "$CACHE")"
exec 9>"$CACHE.lock"
flock 9
if [[ -f $CACHE/$MARKER ]]; then # built by a concurrent run while we waited
  echo "$CACHE"
  exit 0
fi

# A killed build can leave debootstrap's /proc or /sys mounts behind: unmount
# them before deleting, and never let rm cross into another filesystem.
remove_tree() {
  local dir=$1 mnt
  [[ -e $dir ]] || return 0
  awk -v d="$dir/" 'index($2 "/", d) == 1 { print $2 }' /proc/mounts | sort -r |
    while read -r mnt; do umount -l "$mnt" || true; done
  rm -rf --one-file-system "$dir"
}

[[ ! -e $CACHE ]] || die "$CACHE exists but has no $MARKER; remove it by hand"
for stale in "$CACHE".tmp.*; do
  [[ -e $stale ]] || continue
  log "removing incomplete build $stale"
  remove_tree "$stale"
done

debian_mirror() {
  if [[ -n ${CYRENE_DEBIAN_MIRROR:-} ]]; then
    echo "$CYRENE_DEBIAN_MIRROR"
    return
  fi
  local uri
  uri=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null |
    awk '!/^[[:space:]]*#/ { for (i = 1; i <= NF; i++) if (!m && $i ~ /^https?:\/\/.*\/debian\/?$/) m = $i }
         END { print m }') || true
  echo "${uri:-http://deb.debian.org/debian}"
}

if ! command -v debootstrap >/dev/null; then
  log "installing debootstrap"
  apt-get install -y debootstrap >&2 || { apt-get update >&2 && apt-get install -y debootstrap >&2; }
fi

TMP=$CACHE.tmp.$$
trap 'remove_tree "$TMP"' EXIT
MIRROR=$(debian_mirror)

log "debootstrap $SUITE from $MIRROR into $TMP"
# gcc/g++/python3-dev: some pins (lru-dict, pymicro-vad, pyspeex-noise) have no wheel for the
# root's Python on PyPI.
debootstrap --variant=minbase \
  --include=python3,python3-venv,python3-pip,python3-dev,gcc,g++,libc6-dev,ca-certificates,tzdata,libturbojpeg0 \
  "$SUITE" "$TMP" "$MIRROR" "$DEBOOTSTRAP_SCRIPT" >&2
rm -rf "$TMP"/var/cache/apt/archives/*.deb
log "debootstrap done"

cp /etc/resolv.conf "$TMP/etc/resolv.conf"
# Kept beside the root's own bundle so a later update-ca-certificates can't drop it.
cp /etc/ssl/certs/ca-certificates.crt "$TMP/etc/ssl/certs/host-ca-bundle.crt"
cat >"$TMP/etc/pip.conf" <<'EOF'
[global]
cert = /etc/ssl/certs/host-ca-bundle.crt
timeout = 180
disable-pip-version-check = true
no-cache-dir = true
progress-bar = off
EOF

in_root() { "$HERE/in-root.sh" "$TMP" "$@"; }

in_root python3 -m venv /venv
log "pip install homeassistant==$HA_VERSION"
in_root /venv/bin/pip install -q "homeassistant==$HA_VERSION" >&2
log "homeassistant installed"

HA_PKG=$(in_root /venv/bin/python -c 'import homeassistant, os; print(os.path.dirname(homeassistant.__file__))')
cp "$HERE/integration_requirements.py" "$TMP/tmp/integration_requirements.py"
in_root /venv/bin/python /tmp/integration_requirements.py "${INTEGRATIONS[@]}" >"$TMP/tmp/requirements.txt"
log "integration requirements: $(tr '\n' ' ' <"$TMP/tmp/requirements.txt")"
if [[ -s $TMP/tmp/requirements.txt ]]; then
  in_root /venv/bin/pip install -q -r /tmp/requirements.txt -c "$HA_PKG/package_constraints.txt" >&2
fi
rm -f "$TMP"/tmp/integration_requirements.py "$TMP"/tmp/requirements.txt
log "integration requirements installed"

installed=$(in_root /venv/bin/python -c 'from homeassistant.const import __version__; print(__version__)')
[[ $installed == "$HA_VERSION" ]] || die "installed homeassistant $installed, expected $HA_VERSION"
mkdir -p "$TMP/srv"
printf '%s\n%s\n' "$HA_VERSION" "$RECIPE" >"$TMP/$MARKER"

mv -T "$TMP" "$CACHE"
trap - EXIT
log "cold build of homeassistant $HA_VERSION took $((SECONDS - START))s"
echo "$CACHE"
