lat 120
lat 85.5
lat -3
lat nan
lat 1e300
interactive: mean_us=102.7 sd_us=24.6 p99_us=120 max_us=120 desired_cpu_pct=10 deadlines_pct=100 fps=0 floor_us=50
