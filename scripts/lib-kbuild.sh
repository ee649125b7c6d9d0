# lib-kbuild.sh - what uml-kernel.sh and qemu-kernel.sh share; source it
# after setting tool (the message prefix) and kind (uml, qemu).
#   kbuild_args "$@"   checks WORKDIR NAME [FRAGMENT] or --bisect [FRAGMENT];
#                      sets name, fragment (absolute), workdir, here (the
#                      scripts), src and out; workdir is empty with --bisect
#   kbuild_configured  after the checks: the configuration is whole
#                      (--bisect: later steps keep it while its stamp holds)
#   kmake ARGS...      make, exit 1 when it fails
#   kbuild_done IMAGE  prints where the image is: WORKDIR/NAME.SUFFIX (a
#                      copy), or IMAGE itself with --bisect
#   kbuild_config ARCH BASE FRAGMENT...
#                      the BASE config target, the fragments merged on top,
#                      the user's FRAGMENT last; each line of it checked
#   kconfig_check FRAGMENT CONFIG
#                      every line of FRAGMENT made it into CONFIG
# The source is linux-source-6.1 unpacked once by kernel-tree.sh into
# WORKDIR/uml-src: a copy of its own, since the kernel workload builds
# in-tree in WORKDIR/linux-source-6.1 and an in-tree .config makes every O=
# build refuse. Each KIND and NAME builds out of tree in
# WORKDIR/KIND-build-NAME, so a second call only rebuilds what changed.
#
# --bisect is `contest bisect --build`'s way in: the source is the current
# directory (bisect runs the command in its tree, at the commit to build)
# and the build directory is $CONTEST_BUILD_DIR, one for every step, so
# steps after the first are incremental: configured at the first step, and
# again only when what it was configured from (kind, base, fragments: the
# stamp) changes.

msg() {
	printf '%s: %s\n' "$tool" "$*" >&2
}

die() {
	status=$1
	shift
	printf 'error: %s\n' "$*" >&2
	exit "$status"
}

kbuild_fragment() {
	fragment=$1
	if [ -n "$fragment" ]; then
		[ -r "$fragment" ] || die 2 "cannot read config fragment '$fragment'"
		fragment=$(cd "$(dirname "$fragment")" && pwd -P)/$(basename "$fragment")
	fi
}

kbuild_args() {
	here=$(cd "$(dirname "$0")" && pwd -P)
	if [ "${1:-}" = --bisect ]; then
		[ "$#" -le 2 ] || die 2 "usage: $0 --bisect [FRAGMENT]"
		[ -n "${CONTEST_BUILD_DIR:-}" ] ||
			die 2 "--bisect: CONTEST_BUILD_DIR is not set (contest bisect --build sets it)"
		[ -f Makefile ] && [ -f Kconfig ] ||
			die 2 "--bisect: '$(pwd)' is not a kernel tree (no Makefile and Kconfig)"
		kbuild_fragment "${2:-}"
		name= workdir=
		src=$(pwd -P)
		mkdir -p "$CONTEST_BUILD_DIR"
		out=$(cd "$CONTEST_BUILD_DIR" && pwd -P)
		return
	fi
	[ "$#" -ge 2 ] && [ "$#" -le 3 ] || die 2 "usage: $0 WORKDIR NAME [FRAGMENT] | --bisect [FRAGMENT]"
	name=$2
	case $name in
	'' | .* | */* | *[[:space:]]*) die 2 "bad kernel name '$name': no '/', blanks or leading '.'" ;;
	esac
	kbuild_fragment "${3:-}"
	mkdir -p "$1"
	workdir=$(cd "$1" && pwd -P)
	src=$("$here/kernel-tree.sh" "$workdir/uml-src")
	src=$(cd "$src" && pwd -P)
	out=$workdir/$kind-build-$name
	mkdir -p "$out"
}

# a fragment line the build did not take (a typo, an unmet dependency)
# would make two "different" kernels the same one, or a guest kernel miss
# what contest needs: refuse
kconfig_check() {
	sed -n 's/^\(CONFIG_[A-Za-z0-9_]*=.*\)$/set \1/p; s/^# \(CONFIG_[A-Za-z0-9_]*\) is not set$/unset \1/p' "$1" |
	while read -r how line; do
		case $how in
		set) grep -qxF "$line" "$2" ;;
		unset) ! grep -q "^$line=" "$2" ;;
		esac || die 1 "'$line' from '$1' did not make it into '$2' (a dependency missing?)"
	done
}

# make, its failure exit 1 (a failed build), not make's own 2 (bad usage)
kmake() {
	make "$@" >&2 || die 1 "make $* failed"
}

# what the build directory is configured from: KIND ARCH BASE, then each
# fragment's text (run in $out)
kbuild_stamp() {
	printf '%s %s %s\n' "$kind" "$1" "$2"
	shift 2
	cat "$@" ${fragment:+"$fragment"}
}

kbuild_config() {
	arch=$1
	base=$2
	shift 2
	stamp=$(cd "$out" && kbuild_stamp "$arch" "$base" "$@")
	rm -f "$out/contest-config.stamp.new"
	if [ -z "$workdir" ] && [ -f "$out/.config" ] &&
		[ "$(cat "$out/contest-config.stamp" 2>/dev/null)" = "$stamp" ]; then
		# a later bisect step, configured from the same: settled for this commit
		kmake -s -C "$src" O="$out" ARCH="$arch" olddefconfig
	else
		rm -f "$out/contest-config.stamp"	# until this configuration is whole
		kmake -s -C "$src" O="$out" ARCH="$arch" "$base"
		# merge_config.sh -m merges without running make; olddefconfig settles the rest
		(cd "$out" && "$src/scripts/kconfig/merge_config.sh" -m -O "$out" .config \
			"$@" ${fragment:+"$fragment"}) >&2 || die 1 "merge_config.sh failed"
		kmake -s -C "$src" O="$out" ARCH="$arch" olddefconfig
		[ -n "$workdir" ] || printf '%s\n' "$stamp" > "$out/contest-config.stamp.new"
	fi
	if [ -n "$fragment" ]; then
		kconfig_check "$fragment" "$out/.config"
	fi
}

# the stamp once the configuration passed its checks (kbuild_config's caller)
kbuild_configured() {
	if [ -f "$out/contest-config.stamp.new" ]; then
		mv -f "$out/contest-config.stamp.new" "$out/contest-config.stamp"
	fi
}

# IMAGE SUFFIX: a copy at WORKDIR/NAME.SUFFIX (another build of NAME does
# not change a kernel being booted), or IMAGE itself with --bisect
kbuild_done() {
	if [ -z "$workdir" ]; then
		printf '%s\n' "$1"
		return
	fi
	cp "$1" "$workdir/$name.$2.tmp"
	mv -f "$workdir/$name.$2.tmp" "$workdir/$name.$2"
	printf '%s\n' "$workdir/$name.$2"
}
