#!/bin/sh
# deps.sh PKG... - install those of the Debian packages PKG that are missing
#
# Asks dpkg-query which are not installed; only when some are, runs
# apt-get update and apt-get install of just those, as root or through
# sudo. Exit 0 when all are installed (before or now); 1 when some are
# missing and cannot be installed here (it says which, and how).
set -u
missing=
for p in "$@"; do
	st=$(dpkg-query -W -f '${db:Status-Abbrev}' "$p" 2>/dev/null)
	case $st in
	ii*) ;;
	*) missing="$missing $p" ;;
	esac
done
[ -n "$missing" ] || exit 0
missing=${missing# }

tell() {	# tell WHY: what to install, by hand
	echo "deps.sh: $1; install, as root: apt-get install $missing" >&2
	exit 1
}
command -v dpkg-query > /dev/null || tell "no dpkg-query (not Debian?)"
if [ "$(id -u)" = 0 ]; then
	as=
elif command -v sudo > /dev/null; then
	as=sudo
else
	tell "not root and no sudo"
fi
echo "deps.sh: installing $missing" >&2
# wait for a package manager that is already at work rather than fail
lock="-o DPkg::Lock::Timeout=600"
# shellcheck disable=SC2086 # $as and $lock are words, $missing a list
$as apt-get $lock update -qq || tell "apt-get update failed"
# shellcheck disable=SC2086
$as env DEBIAN_FRONTEND=noninteractive apt-get $lock install -y -qq $missing ||
	tell "apt-get install failed"
