# bench/guest.sh - which measure of a guest's run moves least with the host's
# other work (sourced by bench.sh; FIGURES=guest)
#
# A user-mode-linux guest (run --boot) runs a CPU-bound command (a shell
# loop, then a grep over /usr/include: user time and 8000 opens through
# hostfs) in rounds: in each, one boot with the host as it is ("quiet": the
# load average of the others on this machine is said) and one beside a
# CPU hog (two busy loops), their order alternating, one run a boot.
# For each candidate measure (wall time_s, the guest's own cpu_s, the
# host's host_cpu_s and its user and sys split) and each condition: the CV
# and the runs a side that a two-sample t-test (alpha 0.05, power 0.8)
# needs to see a 10% change, 2 (1.96 + 0.84)^2 (CV / 10%)^2. The measure
# with the fewest beside the hog should be the guests' default metric
# (results/metric.c's GUEST_MAIN_METRIC, contest.1). GUEST_ROUNDS=N sets
# the rounds (default 12, QUICK 2): a CV from n runs is known to about
# 1 / sqrt(2 (n - 1)) of itself.

GUEST_MEASURES="time_s cpu_s host_cpu_s host_user_s host_sys_s"

# guest_boot KERNEL: one boot of RUNS runs into $B/g
guest_boot() {
	local loop="i=0; while [ \$i -lt 300000 ]; do i=\$((i+1)); done; grep -r -c zzzz /usr/include"
	TMPDIR=$B "$CONTEST" run --boot "$GUEST_UML" -k "$1" -c "$TOP/configs/quick.conf" \
		-s "work_dir=$B/work" -s quiet_wait=0 -s load_lead=1s -s flush=no \
		-s workload=command -s "command=sh -c '$loop > /dev/null'" -r "$B/g" \
		--vm-mem 256M -n "$GUEST_RUNS" noload >> "$B/log" 2>&1
}

# guest_hog_start / guest_hog_stop: two busy loops, by their pids
guest_hog_start() {
	GUEST_HOG=()
	for _ in 1 2; do
		sh -c 'while :; do :; done' &
		GUEST_HOG+=($!)
	done
}
guest_hog_stop() {
	kill "${GUEST_HOG[@]}" 2> /dev/null
	wait "${GUEST_HOG[@]}" 2> /dev/null
	GUEST_HOG=()
}

# guest_round R: the quiet boot and the hog's, in an order alternating with R
guest_round() {
	local first=quiet second=hog k
	[ $(($1 % 2)) -eq 0 ] || { first=hog; second=quiet; }
	for k in $first $second; do
		cut -d' ' -f1 /proc/loadavg >> "$B/g.load.$k"
		[ "$k" = quiet ] || guest_hog_start
		guest_boot "$k"
		local rc=$?
		[ "$k" = quiet ] || guest_hog_stop
		[ $rc -eq 0 ] || { tail -n 10 "$B/log" >&2; say "guest: run --boot -k $k failed"; return 1; }
	done
}

# rounds a side for a 10% change from a CV (a fraction)
guest_rounds() { awk -v c="$1" 'BEGIN {n = 2 * (1.96 + 0.84) ^ 2 * (c / 0.10) ^ 2; printf "%d\n", (n == int(n)) ? n : int(n) + 1}'; }

bench_guest() {
	local rounds r k m cvq cvh best='' bestn=0 nq nh load
	# `make uml-kernel`'s (fitted to this CPU's XSAVE area) where it was
	# built, else Debian's; CONTEST_UML names another
	GUEST_UML=/usr/bin/linux.uml
	[ ! -x "$TOP/work/uml-6.1.uml" ] || GUEST_UML=$TOP/work/uml-6.1.uml
	GUEST_UML=${CONTEST_UML:-$GUEST_UML}
	say "guest: booting $GUEST_UML"
	[ -x "$GUEST_UML" ] || { say "guest: no $GUEST_UML (apt-get install user-mode-linux)"; return 1; }
	rounds=${GUEST_ROUNDS:-$(reps 12 2)}
	# one run a boot: a second would find the guest's page cache warm
	GUEST_RUNS=1
	# a UML that cannot run a process here (UML 6.1 on an AMX host) fails
	# its first boot: say why, measure nothing
	if ! guest_boot probe; then
		say "guest: $GUEST_UML does not run here: $(col "$B/g/probe/runs.tsv" status_detail 2> /dev/null | tail -n 1)"
		return 1
	fi
	say "guest: $rounds rounds of a quiet and a hogged boot, $GUEST_RUNS runs each"
	for r in $(seq "$rounds"); do
		guest_round "$r" || return 1
	done
	load="$(mean < "$B/g.load.quiet") (from $(sort -g "$B/g.load.quiet" | head -n 1) to $(sort -g "$B/g.load.quiet" | tail -n 1))"
	{
		echo "guest CV table ($((rounds * GUEST_RUNS)) runs a condition; quiet: load average $load from others):"
		printf '%-12s %8s %8s %8s %8s %8s %8s\n' measure mean_q CV_q runs_q mean_h CV_h runs_h
	} >> "$B/guest.table"
	for m in $GUEST_MEASURES; do
		cvq=$(col "$B/g/quiet/runs.tsv" "$m" | grep -v '^-$' | cv) || continue
		cvh=$(col "$B/g/hog/runs.tsv" "$m" | grep -v '^-$' | cv) || continue
		nq=$(guest_rounds "$cvq")
		nh=$(guest_rounds "$cvh")
		printf '%-12s %8.3f %7.1f%% %8d %8.3f %7.1f%% %8d\n' "$m" \
			"$(col "$B/g/quiet/runs.tsv" "$m" | mean)" "$(calc "$cvq * 100")" "$nq" \
			"$(col "$B/g/hog/runs.tsv" "$m" | mean)" "$(calc "$cvh * 100")" "$nh" >> "$B/guest.table"
		figure "guest $m CV quiet / hog" "$(calc "$cvq * 100" %.1f)% / $(calc "$cvh * 100" %.1f)%" \
			"-" "-" "runs a side to see 10%: $nq quiet, $nh beside two busy loops"
		if [ "$m" != host_user_s ] && [ "$m" != host_sys_s ] && { [ -z "$best" ] || [ "$nh" -lt "$bestn" ]; }; then
			best=$m bestn=$nh
		fi
	done
	cat "$B/guest.table" >&2
	figure "guest default metric" "$best" "host_cpu_s (contest.1)" "$(met "\"$best\" == \"host_cpu_s\"")" \
		"of time_s, cpu_s, host_cpu_s: fewest runs for 10% beside the hog; quiet load average $load"
}
