# changes-history.awk - a made-up history for the changes tests:
#   awk -v dir=DIR -v n=N -v header="$(runs_columns timestamp)" -f changes-history.awk
# kernels k001..kN, each its own session (-v interleaved=1: in rounds of
# one session, every kernel's runs overlapping the others'), 3 runs each of noload (100 s,
# +10% from k037 on) and cacherun (90 s, flat), 2% noise, seeded;
# -v step=PCT -v noise=PCT change noload's step and both loads' noise;
# -v ramp=L: noload rises 10% in a line over kernels 31 .. 30 + L instead;
# -v many=1: noload also steps -8%, +8%, -8%, +8% at n/2 and every 1% of
# n after it, changes close together on a chart of n kernels;
# -v scramble=1: each kernel's runs on day k % 28, hour k % 24, so that
# time order is far from version order (as bench/gen-runs.awk's were)
BEGIN {
	srand(37)
	step = step == "" ? 10 : step
	noise = noise == "" ? 2 : noise
	for (k = 1; k <= n; k++) {
		kdir = sprintf("%s/k%0*d", dir, n >= 1000 ? 4 : 3, k)
		print kdir | "xargs mkdir -p"
	}
	close("xargs mkdir -p")
	for (k = 1; k <= n; k++) {
		f = sprintf("%s/k%0*d/runs.tsv", dir, n >= 1000 ? 4 : 3, k)
		print header > f
		for (r = 1; r <= 3; r++) {
			ts = interleaved ? r * 100000 + k * 10 : k * 600 + r * 100
			if (scramble)
				ts = (k % 28) * 86400 + (k % 24) * 3600 + r * 100
			t = 100 * level(k) * (1 + noise / 100 * normal())
			printf "%s\tnoload\t%d\t%.3f\t95\t0\t0\tok\n", iso(ts), r, t >> f
			t = 90 * (1 + noise / 100 * normal())
			printf "%s\tcacherun\t%d\t%.3f\t99\t0\t0\tok\n", iso(ts + 50), r, t >> f
		}
		close(f)
	}
}

function level(k,    x, i) {
	if (many) {
		x = k >= 37 ? 1 + step / 100 : 1.0
		for (i = 0; i < 4; i++)
			if (k >= int(n / 2) + int(i * n / 100))
				x *= i % 2 ? 1 / 0.92 : 0.92
		return x
	}
	if (!ramp)
		return k >= 37 ? 1 + step / 100 : 1.0
	return k <= 30 ? 1.0 : k > 30 + ramp ? 1.10 : 1.0 + 0.10 * (k - 30) / ramp
}

# a normal deviate: the sum of 12 uniforms less 6
function normal(   z, i) {
	z = -6
	for (i = 0; i < 12; i++)
		z += rand()
	return z
}

# s seconds after 2026-01-01T00:00:00Z, within the month
function iso(s) {
	return sprintf("2026-01-%02dT%02d:%02d:%02dZ", 1 + int(s / 86400), int(s % 86400 / 3600),
		       int(s % 3600 / 60), s % 60)
}
