#!/usr/bin/env bash
# Usage: in-root.sh ROOT CMD [ARGS...]
#
# Runs CMD chrooted into ROOT with /proc and /dev mounted in a private mount
# namespace: the mounts vanish with the process, so nothing ever has to be
# unmounted and ROOT can be deleted safely. Every step execs, so the pid of this
# script ends up being CMD's pid and signals reach it directly. The host
# environment is dropped (it carries pip settings that point at host paths).
set -euo pipefail

root=${1:?usage: in-root.sh ROOT CMD [ARGS...]}
shift
[[ -x $root/usr/bin/env ]] || { echo "in-root.sh: $root is not a provisioned root" >&2; exit 2; }

# shellcheck disable=SC2016 # expanded by the inner shell
exec unshare --mount --propagation private -- /bin/sh -c '
  set -e
  root=$1; shift
  mount -t proc proc "$root/proc"
  mount --rbind /dev "$root/dev"
  exec chroot "$root" /usr/bin/env -i \
    PATH=/venv/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    HOME=/root LANG=C.UTF-8 SSL_CERT_FILE=/etc/ssl/certs/host-ca-bundle.crt \
    "$@"
' in-root "$root" "$@"
