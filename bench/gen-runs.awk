# bench/gen-runs.awk - generate a results directory for report benchmarks
#
#   awk -v kernels=N -v runs=R -v dir=DIR [-v env=FILE -v machines=M] -f bench/gen-runs.awk
#
# DIR/k0001 ... DIR/kNNNN, each a runs.tsv with R ok runs of each of the
# default ten loads, every column the driver writes (the twelve pressure
# columns measured, as on a cgroup v2 machine with PSI), plausible values drawn
# from a fixed seed (the same files every time). With env=FILE (an env file
# as `contest env` writes it), each kernel also gets an env file: FILE with
# its host line set to one of M machines, lab1 ... labM, in turn, as a lab's
# results gathered from M machines have.
#
# A known history for `contest changes`: kernel k's runs are dated half an
# hour after kernel k - 1's (time order is version order); io_load steps
# up 10% from kernel step_at() on, read_load ramps up 10% in a line over
# the 100 kernels from ramp_from() on; the other loads are flat.
BEGIN {
	if (kernels < 1 || runs < 1 || dir == "") {
		print "usage: awk -v kernels=N -v runs=R -v dir=DIR -f gen-runs.awk" > "/dev/stderr"
		exit 2
	}
	srand(1)
	nloads = split("noload cacherun process_load dbench_load ctar_load xtar_load io_load read_load list_load mem_load", load)
	header = "timestamp\tload\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus" \
		"\tuser_s\tsys_s\tload_cpu_s\tload_units\tload_work\tload_work_unit" \
		"\tmajflt\tminflt\tnvcsw\tnivcsw\tpswpin\tpswpout\tpgmajfault" \
		"\twaited_s\tflush\tmem_limit\tcpu_limit\tjobs" \
		"\tpsi_cpu_some_us\tpsi_cpu_full_us\tpsi_memory_some_us\tpsi_memory_full_us" \
		"\tpsi_io_some_us\tpsi_io_full_us\tcg_psi_cpu_some_us\tcg_psi_cpu_full_us" \
		"\tcg_psi_memory_some_us\tcg_psi_memory_full_us\tcg_psi_io_some_us\tcg_psi_io_full_us" \
		"\tsteal_s\tothers_cpu_s\tdisturbed" \
		"\tdisk_read_mb\tdisk_write_mb\tunloaded\tcpu_migrations\tinstructions\tcycles" \
		"\tlat_mean_us\tlat_sd_us\tlat_p99_us\tlat_max_us\tdesired_cpu_pct\tdeadlines_pct" \
		"\tfps\tlat_floor_us\twork_units\twork_rate\tsweep\tcpu_mhz\tstatus_detail"
	if (env != "")
		read_env(env)
	# one mkdir for all: a process per kernel is most of the time at 12000
	mk = "xargs mkdir -p"
	print dir | mk
	for (k = 1; k <= kernels; k++)
		print kdir_of(k) | mk
	if (close(mk)) {
		print "gen-runs.awk: cannot create the kernel directories" > "/dev/stderr"
		exit 1
	}
	for (k = 1; k <= kernels; k++) {
		kdir = kdir_of(k)
		if (env != "")
			write_env(kdir "/env", 1 + (k - 1) % (machines > 0 ? machines : 1))
		f = kdir "/runs.tsv"
		print header > f
		for (l = 1; l <= nloads; l++)
			for (r = 1; r <= runs; r++)
				print row(k, load[l], l, r) > f
		close(f)
	}
}

# the pressure stall microseconds of a run of t seconds: the machine's six,
# then the session cgroup's six, as a cgroup v2 machine with PSI has them all
function psi(t,    s, i) {
	for (i = 0; i < 12; i++)
		s = s "\t" int(t * 1e6 * (i % 2 ? 0.05 : 0.2) * rand())
	return s
}

function step_at() { return int(kernels * 0.37) + 1 }
function ramp_from() { return int(kernels * 0.6) + 1 }

# the known change of load l at kernel k: a factor
function level(k, name) {
	if (name == "io_load")
		return k >= step_at() ? 1.10 : 1.0
	if (name != "read_load" || k < ramp_from())
		return 1.0
	return k >= ramp_from() + 100 ? 1.10 : 1.0 + 0.10 * (k - ramp_from()) / 100
}

# kernel k's run r of load l: half an hour a kernel, a minute a load
function when(k, l, r,    s, d, mon, mdays) {
	s = (k - 1) * 1800 + l * 60 + r
	d = int(s / 86400)
	split("31 28 31 30 31 30 31 31 30 31 30 31", mdays)
	for (mon = 1; d >= mdays[(mon - 1) % 12 + 1]; mon++)
		d -= mdays[(mon - 1) % 12 + 1]
	return sprintf("%04d-%02d-%02dT%02d:%02d:%02dZ", 2026 + int((mon - 1) / 12),
		       (mon - 1) % 12 + 1, d + 1, int(s % 86400 / 3600), int(s % 3600 / 60), s % 60)
}

function row(k, name, l, r,    t, cpu, units) {
	t = 70 * (1 + (l - 1) * 0.4) * level(k, name) * (0.97 + 0.06 * rand())
	cpu = l == 1 ? 96 + 3 * rand() : 30 + 60 * rand()
	units = l <= 2 ? 0 : 1 + 40 * rand()
	return sprintf("%s\t%s\t%d\t%.3f\t%.2f\t%.4f\t%.2f\tok" \
		"\t%.3f\t%.3f\t%.3f\t%d\t%d\t%s" \
		"\t%d\t%d\t%d\t%d\t%d\t%d\t%d" \
		"\t%.3f\t%s\t-\t-\t8%s\t%.3f\t%.3f\t-\t%.1f\t%.1f\t-\t%d\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-",
		when(k, l, r), name, r, t, cpu, units, l <= 2 ? 0 : 5 + 20 * rand(),
		t * cpu / 100 * 0.9, t * cpu / 100 * 0.1, l <= 2 ? 0 : t * 0.1, int(units), int(units * 1e6),
		l <= 2 ? "-" : "bytes",
		int(100 * rand()), int(1e6 * rand()), int(1e4 * rand()), int(1e4 * rand()),
		0, 0, int(100 * rand()), 0.5 + rand(), l == 2 ? "none" : "drop", psi(t),
		0.05 * rand(), 0.2 * rand(), 10 * rand(), 100 * rand(), int(500 * rand()))
}

function kdir_of(k) { return sprintf("%s/k%04d", dir, k) }

function read_env(file,    line) {
	nenv = 0
	while ((getline line < file) > 0)
		envline[++nenv] = line
	close(file)
	if (!nenv) {
		print "gen-runs.awk: no env text in '" file "'" > "/dev/stderr"
		exit 2
	}
}

function write_env(path, m,    i) {
	for (i = 1; i <= nenv; i++)
		print (envline[i] ~ /^host: / ? "host: lab" m : envline[i]) > path
	close(path)
}
