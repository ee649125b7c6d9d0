# lib-bisect.sh - a small git repository whose every commit builds a cheap
# bootable image for contest bisect; source it after lib.sh and lib-boot.sh.
# make_bisect_repo DIR SPEC...: one commit per SPEC, in order: "ok" (a
# wrapper of the Debian UML kernel), "slow" (the same wrapper, which also
# starts two CPU hogs on the guest's CPU: the guest runs about 3 times
# slower, for real), "broken" (the build fails). A "slow" stays slow in
# the commits after it. Each build is `sh build.sh`: cc the wrapper into
# $CONTEST_BUILD_DIR and print its path. Each commit is also a stand-in
# kernel tree (Makefile, Kconfig, scripts/kconfig/merge_config.sh) for
# bisect's default build, with make_standin's make first on PATH.
make_bisect_repo() {
	local dir=$1 spec hogs=0 i=0
	shift
	git init -q "$dir"
	git -C "$dir" config user.email t@example.org
	git -C "$dir" config user.name t
	for spec in "$@"; do
		i=$((i + 1))
		[ "$spec" = slow ] && hogs=2
		cat > "$dir/wrapper.c" <<-EOF
		/* commit $i: $spec */
		#define _GNU_SOURCE
		#include <sched.h>
		#include <unistd.h>
		#define HOGS $hogs
		int main(int argc, char **argv)
		{
			cpu_set_t s;
			pid_t me = getpid();
			int cpu = 0;

			(void)argc;
			/* the guest and the hogs on one CPU, the first this may use */
			if (sched_getaffinity(0, sizeof(s), &s) == 0)
				while (cpu < CPU_SETSIZE && !CPU_ISSET(cpu, &s))
					cpu++;
			CPU_ZERO(&s);
			CPU_SET(cpu, &s);
			sched_setaffinity(0, sizeof(s), &s);
			for (int i = 0; i < HOGS; i++)
				if (fork() == 0)
					for (;;) {	/* until the guest (this pid) is gone */
						for (volatile long j = 0; j < 20000000; j++)
							;
						if (getppid() != me)
							_exit(0);
					}
			execv("$UML", argv);
			return 127;
		}
		EOF
		if [ "$spec" = broken ]; then
			printf 'echo "broken on purpose" >&2\nexit 1\n' > "$dir/build.sh"
		else
			printf 'cc -O -o "$CONTEST_BUILD_DIR/image" wrapper.c && echo built && echo "$CONTEST_BUILD_DIR/image"\n' > "$dir/build.sh"
		fi
		: > "$dir/Makefile"
		: > "$dir/Kconfig"
		mkdir -p "$dir/scripts/kconfig"
		printf '#!/bin/sh\nshift 4\ncat "$@" >> .config\n' > "$dir/scripts/kconfig/merge_config.sh"
		chmod +x "$dir/scripts/kconfig/merge_config.sh"
		git -C "$dir" add wrapper.c build.sh Makefile Kconfig scripts
		git -C "$dir" commit -qm "commit $i: $spec"
	done
}

# make_standin BIN: BIN/make, kbuild's stand-in for a make_bisect_repo
# tree: defconfig writes a .config naming a compiler, linux compiles the
# tree's wrapper.c into O=DIR (a broken commit's fails), the rest does
# nothing; with BIN first on PATH, bisect's default build (kernel/build.c)
# and scripts/uml-kernel.sh --bisect build the commits in seconds
make_standin() {
	mkdir -p "$1"
	cat > "$1/make" <<-'EOF'
	#!/bin/sh
	o= src=.
	prev=
	for a in "$@"; do
		case $a in O=*) o=${a#O=} ;; esac
		[ "$prev" = -C ] && src=$a
		prev=$a
	done
	case " $* " in
	*" defconfig "*) printf 'CONFIG_UML=y\nCONFIG_CC_VERSION_TEXT="cc (stand-in) 1"\n' > "$o/.config" ;;
	*" linux "*) ! grep -q 'exit 1' "$src/build.sh" && cc -O -o "$o/linux" "$src/wrapper.c" ;;
	esac
	EOF
	chmod +x "$1/make"
}

# wait_for_line FILE PATTERN PID [SECONDS]: until FILE has a line matching
# PATTERN (grep), PID has ended, or SECONDS (default 900) have gone by
wait_for_line() {
	local i
	for i in $(seq 1 $((2 * ${4:-900}))); do
		grep -q "$2" "$1" 2>/dev/null && return 0
		kill -0 "$3" 2>/dev/null || return 1
		sleep 0.5
	done
	return 1
}

# ctrl_c_after_step1 SECONDS ARGS...: contest bisect ARGS into $T/out1 and
# $T/err1, stopped by Ctrl-C in the pause after its first step (within
# SECONDS); checks its exit 130 and its stopped line
ctrl_c_after_step1() {
	local secs=$1 pid
	shift
	CONTEST_TEST_PAUSE=bisect-placed:10000 nice "$CONTEST" bisect "$@" > "$T/out1" 2> "$T/err1" &
	pid=$!
	wait_for_line "$T/out1" '^bisect: step 1:' $pid "$secs"
	kill -INT $pid 2>/dev/null
	wait $pid
	is $? 130 "Ctrl-C after the first step: exit 130"
	grep -q '^bisect: stopped; the culprit is in [0-9a-f]*\.\.[0-9a-f]* so far$' "$T/out1" &&
		! grep -q 'culprit is one of\|was skipped\|culprit is [0-9a-f]* (' "$T/out1"
	ok $? "and says it stopped, with the range so far: no commit called skipped, no answer"
}

# the runs the bisection's state recorded, and the ok rows of $R's kernels
state_runs() { awk '$1 == "round" { n += $2 } END { print n + 0 }' "$R/.bisect/state"; }
ok_rows() { cat "$R"/*/runs.tsv | awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i } $c["status"] == "ok"' | wc -l; }

# make_plain_repo DIR SUBJECT...: a repository of one commit per SUBJECT,
# the Nth writing N to f, for bisections that boot nothing: the first adds
# build.sh (copies /bin/true, a bootable-looking ELF, as the image) and
# fails.sh (a build that fails)
make_plain_repo() {
	local dir=$1 i=0 subject
	shift
	git init -q "$dir"
	echo 'cp /bin/true "$CONTEST_BUILD_DIR/image" && echo "$CONTEST_BUILD_DIR/image"' > "$dir/build.sh"
	echo 'exit 1' > "$dir/fails.sh"
	for subject in "$@"; do
		i=$((i + 1))
		echo "$i" > "$dir/f"
		git -C "$dir" add f build.sh fails.sh
		git -C "$dir" -c user.email=t@example.org -c user.name=t commit -qm "$subject"
	done
}

# write_state RESULTS TREE METRIC LINE...: RESULTS/.bisect/state (RESULTS
# made anew) of a bisection of TREE's commits by METRIC (- none), then the
# LINEs (build and round lines), as --resume reads it
write_state() {
	local results=$1 tree=$2 metric=$3
	shift 3
	rm -rf "$results"
	mkdir -p "$results/.bisect/images"
	{
		printf 'contest-bisect 1\ntree %s\nload noload\nmetric %s\n' "$tree" "$metric"
		git -C "$tree" log --reverse --format='commit %H'
		[ $# -gt 0 ] && printf '%s\n' "$@"
	} > "$results/.bisect/state"
}

# plant_candidate RESULTS TREE SHA SCALE: RESULTS/SHORT (SHA's 12-digit
# name) as a bisection's guest session would leave it, with no guest: 8
# interleaved noload runs (Time 10 s times SCALE, a disk await that
# varies, pressures 0) and a guest's env naming SHA, its subject and the
# image .bisect/images/SHORT
plant_candidate() {
	local results=$1 tree=$2 sha=$3 scale=$4 d=$1/${3:0:12} i
	mkdir -p "$d"
	runs_columns timestamp psi_io_some_us psi_cpu_some_us disk_await_ms > "$d/runs.tsv"
	for i in 1 2 3 4 5 6 7 8; do
		printf '2026-01-01T10:%02d:00Z\tnoload\t%d\t%s\t99\t0\t0\tok\t0\t0\t%s\n' "$i" "$i" \
			"$(awk -v s="$scale" -v i="$i" 'BEGIN { printf "%.3f", s * (10 + (i % 3) * 0.1 + (i * s % 0.07)) }')" \
			$((i % 2 * 3 + (i % 3 == 0)))
	done >> "$d/runs.tsv"
	printf 'knobs: none\nrun_loads: noload\nhost: (none)\nuname: Linux (none) 6.1.0 #1 x86_64\n' > "$d/env"
	printf 'cpu_model: Test CPU\ncpus: 1\nmemtotal: 1000000000 (953.7 MiB)\nguest: uml\n' >> "$d/env"
	printf 'guest_image: %s\nguest_mem: 1G\nguest_cpus: 1\nguest_boot_args: none\n' "$results/.bisect/images/${sha:0:12}" >> "$d/env"
	printf 'host_uname: Linux box 6.1.0-18-amd64 x86_64\nhost_cpus: 2\nhost_memtotal: 8000000000\n' >> "$d/env"
	printf 'compiler: cc (Debian 12.2.0-14) 12.2.0\nbisect_tree: %s\ncommit: %s\nsubject: %s\n' \
		"$tree" "$sha" "$(git -C "$tree" log -1 --format=%s "$sha")" >> "$d/env"
	printf 'contest_version: 0.1.0\nconfig:\nworkload = synthetic\nruns = 1\nloads = noload\n' >> "$d/env"
}

# make_kernel_repo W RECIPE SIXTH MSG [N FILE...]: W/linux, a git
# repository of linux-source-6.1 (a base commit, then nine small commits:
# comments in files UML builds, but the sixth, whose subject is MSG, is
# the function SIXTH's edit of the file it is given, fs/read_write.c; or
# one commit per FILE, the Nth SIXTH's) and W/fast.config (no debug info:
# the first build takes about half as long). Made once: fixed names and
# dates give the same commit ids every time, so a later run builds
# incrementally (minutes, not the first build's quarter hour); RECIPE
# names how the commits are made: change it with them. 1 when the tree
# cannot be unpacked (said by an ok line).
make_kernel_repo() {
	local w=$1 recipe=$2 sixth=$3 msg6=$4 g=$1/linux src i f msg n=6
	local files=(kernel/fork.c mm/filemap.c fs/open.c kernel/exit.c fs/namei.c fs/read_write.c
		mm/memory.c kernel/sched/core.c fs/exec.c)
	[ $# -le 4 ] || { n=$5; shift 5; files=("$@"); }
	export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.org GIT_COMMITTER_NAME=t \
		GIT_COMMITTER_EMAIL=t@example.org GIT_AUTHOR_DATE="2026-01-01T00:00:00Z" \
		GIT_COMMITTER_DATE="2026-01-01T00:00:00Z"
	[ "$(cat "$w/recipe" 2>/dev/null)" = "$recipe" ] && return 0
	rm -rf "$w"
	mkdir -p "$w"
	src=$("$TOP/scripts/kernel-tree.sh" "$TOP/work") || { ok 1 "kernel-tree.sh unpacks linux-source-6.1"; return 1; }
	cp -a "$src" "$g"
	rm -f "$g/.contest-unpacked"
	git init -q "$g"
	# -f: Debian's .gitignore ignores every top-level entry
	git -C "$g" add -f -A > /dev/null && git -C "$g" commit -qm "linux-source-6.1" > /dev/null
	for i in $(seq 1 ${#files[@]}); do
		f=${files[$((i - 1))]}
		if [ "$i" = "$n" ]; then
			"$sixth" "$g/$f"
			msg=$msg6
		else
			printf '/* contest bisect test: commit %d */\n' "$i" >> "$g/$f"
			msg="$(dirname "$f"): a comment, commit $i"
		fi
		git -C "$g" commit -qam "$msg"
	done
	printf 'CONFIG_DEBUG_INFO_NONE=y\n' > "$w/fast.config"
	echo "$recipe" > "$w/recipe"
}

# open_delay_repo: work/bisect-open (W, its repository G), thirteen
# commits, the ninth (HEAD~4) of which busy-waits 60 us in do_sys_openat2
# after its declarations: issue 37's 24% case, which t-bisect-open-hog
# and t-bisect-qemu bisect, each in a build directory of its own
delay_open() {
	awk '/^static long do_sys_openat2\(/ { f = 1 }
		f && /^$/ { print; print "\tudelay(60);\t/* contest test: a delay in open() */"; f = 0; next }
		{ print }' "$1" > "$T/open.c" && cat "$T/open.c" > "$1"
	sed -i '0,/^#include/s|^#include|#include <linux/delay.h>\n&|' "$1"
}
open_delay_repo() {
	W=$TOP/work/bisect-open
	G=$W/linux
	make_kernel_repo "$W" "contest t-bisect-open-hog 1" delay_open \
		"open: busy-wait 60us in do_sys_openat2" 9 kernel/fork.c mm/filemap.c kernel/exit.c \
		fs/namei.c fs/read_write.c mm/memory.c kernel/sched/core.c fs/exec.c fs/open.c \
		fs/dcache.c mm/mmap.c kernel/signal.c fs/inode.c
}
