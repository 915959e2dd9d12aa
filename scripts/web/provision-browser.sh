#!/usr/bin/env bash
# Installs (once) what the web UI's browser tests need: Debian's chromium, which playwright-core drives
# (it downloads no browser of its own), and CJK fonts for the Chinese UI. Idempotent and quick when both
# are present; installs with apt-get as root otherwise. The vitest run calls it (test/fixtures/web/
# browser-setup.ts), and so does .ci/run.
#
# Progress goes to stderr; on success the last line on stdout is the browser's path. On failure the last
# line on stderr is one sentence saying what is missing and why it could not be installed.
#
# Env: CYRENE_CHROMIUM (browser path, default /usr/bin/chromium).
set -euo pipefail

CHROMIUM=${CYRENE_CHROMIUM:-/usr/bin/chromium}
PACKAGES=(chromium fonts-noto-cjk)
START=$SECONDS

log() { printf '[browser +%ss] %s\n' "$((SECONDS - START))" "$*" >&2; }
fail() { printf 'Browser tests cannot run: %s\n' "$*" >&2; exit 1; }

has_browser() { [[ -x $CHROMIUM ]]; }
# Read fc-list whole first: `fc-list | grep -q` would fail under pipefail when grep stops reading early.
has_cjk_fonts() {
  local fonts
  fonts=$(fc-list : family 2>/dev/null) || return 1
  grep -qi "Noto Sans CJK" <<<"$fonts"
}

if has_browser && has_cjk_fonts; then
  echo "$CHROMIUM"
  exit 0
fi

missing=()
has_browser || missing+=("chromium ($CHROMIUM)")
has_cjk_fonts || missing+=("CJK fonts (fonts-noto-cjk)")
what="${missing[*]} missing"

[[ $EUID -eq 0 ]] || fail "$what, and installing needs root: apt-get install -y ${PACKAGES[*]}"
command -v apt-get >/dev/null || fail "$what, and this machine has no apt-get to install ${PACKAGES[*]}"
if [[ -n ${CYRENE_CHROMIUM:-} && $CHROMIUM != /usr/bin/chromium ]] && ! has_browser; then
  fail "no browser at CYRENE_CHROMIUM=$CHROMIUM (apt-get installs chromium at /usr/bin/chromium)"
fi

log "installing ${PACKAGES[*]} with apt-get ($what; once, a few minutes)"
export DEBIAN_FRONTEND=noninteractive
# apt's own lock serialises concurrent runs; wait for it instead of failing.
apt_get() { apt-get -o DPkg::Lock::Timeout=600 -o Acquire::Retries=3 "$@"; }
if ! apt_get update -qq >&2; then
  fail "$what, and apt-get update failed (no network or no Debian mirror?)"
fi
if ! apt_get install -y -qq --no-install-recommends "${PACKAGES[@]}" fontconfig >&2; then
  fail "$what, and apt-get install ${PACKAGES[*]} failed (see the apt lines above)"
fi
has_browser || fail "apt-get installed chromium but there is no browser at $CHROMIUM"
has_cjk_fonts || fail "apt-get installed fonts-noto-cjk but fc-list does not list Noto Sans CJK"
log "installed: $("$CHROMIUM" --version 2>/dev/null || echo chromium)"
echo "$CHROMIUM"
