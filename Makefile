# contest - build, test, install
#   make                 build bin/contest
#   make test            install what the tests need if missing (sudo when not root),
#                        then every unit and end-to-end test (TAP)
#   make SANITIZE=1 test the same under AddressSanitizer and UBSan
#   make run             install what contest needs if missing (sudo when not root),
#                        build, run the quick profile's noload and cacherun
#   make deps, make test-deps
#                        only install what run, test need (scripts/deps.sh)
#   make bench           benchmark contest itself (QUICK=1: small counts; POWER=1: measured
#                        power; FIGURES="idle report": some figures only)
#   make kernel-tree     unpack Debian's linux-source-6.1 into work/ and print its path
#   make uml-kernel [UML_NAME=NAME] [UML_CONFIG=FRAGMENT]
#                        build a user-mode-linux kernel from linux-source-6.1 with a
#                        config fragment into work/NAME.uml (slow: minutes)
#   make qemu-kernel [QEMU_NAME=NAME] [QEMU_CONFIG=FRAGMENT]
#                        build a small x86_64 bzImage for run --boot under QEMU
#                        into work/NAME.bzImage (slow: minutes)
#   make install PREFIX=/usr/local [DESTDIR=STAGE]
#   make uninstall PREFIX=/usr/local [DESTDIR=STAGE]
#                        remove exactly what install installed
#   DEVELOPER=1          warnings are errors (CI and developers; packagers leave it off)
#   V=1                  print the full compiler lines instead of "  CC  path"

PREFIX  ?= /usr/local
BINDIR   = $(PREFIX)/bin
DATADIR  = $(PREFIX)/share/contest
MANDIR   = $(PREFIX)/share/man/man1

CC      ?= cc
AR      ?= ar
CFLAGS  ?= -O2 -g
ifeq ($(DEVELOPER),1)
WERROR   = -Werror
endif
WARN     = -Wall -Wextra $(WERROR) -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CPPFLAGS += -D_GNU_SOURCE -DCONTEST_DATADIR='"$(DATADIR)"' -iquote contest -iquote .
# each object and test notes the headers it read in a .d file next to it
DEPFLAGS = -MMD -MP
LDLIBS  += -ljansson -lRmath -lm

# quiet: one "  CC  path" line per step; V=1 prints the commands themselves
ifeq ($(V),1)
Q        =
say      = :
else
Q        = @
say      = printf '  %-3s %s\n'
endif
# make -s: not even those
ifneq ($(findstring s,$(firstword -$(MAKEFLAGS))),)
say      = :
endif

ifeq ($(SANITIZE),1)
OBJDIR   = build/san
SANFLAGS = -fsanitize=address,undefined,float-cast-overflow -fno-omit-frame-pointer -fno-sanitize-recover=undefined,float-cast-overflow
MODE     = sanitize
else
OBJDIR   = build/plain
SANFLAGS =
MODE     = plain
endif

DEPS_PKGS = gcc make procps sysstat dbench gnuplot-nox tar coreutils util-linux \
            libjansson-dev r-mathlib
TEST_PKGS = $(DEPS_PKGS) rt-tests linux-source-6.1 bc flex bison libelf-dev libssl-dev time user-mode-linux \
            clang libclang-rt-14-dev valgrind chromium file libxml2-utils e2fsprogs \
            qemu-system-x86 strace man-db ansible lava-dispatcher lava-common \
            linux-perf python3 git gawk

CONTEST_SRC = $(wildcard contest/*/*.c) $(wildcard loads/*.c)
CONTEST_OBJ = $(patsubst %.c,$(OBJDIR)/%.o,$(CONTEST_SRC))
CONTEST_LIB = $(OBJDIR)/libcontest.a
MAIN_OBJ    = $(OBJDIR)/contest/main.o
UNIT_SRC    = $(wildcard tests/unit/t-*.c)
UNIT_BIN    = $(patsubst tests/unit/%.c,$(OBJDIR)/tests/%,$(UNIT_SRC))

all: bin/contest

# relink when switching between plain and sanitized builds
bin/.mode: FORCE
	@mkdir -p bin
	@[ "$$(cat $@ 2>/dev/null)" = "$(MODE)" ] || echo $(MODE) > $@

# everything but main(): the binary and the unit tests link it
$(CONTEST_LIB): $(CONTEST_OBJ)
	@$(say) AR $@
	$(Q)rm -f $@ && $(AR) rcs $@ $^

bin/contest: $(MAIN_OBJ) $(CONTEST_LIB) bin/.mode
	@$(say) LD $@
	$(Q)$(CC) $(CFLAGS) $(SANFLAGS) $(LDFLAGS) -o $@ $(MAIN_OBJ) $(CONTEST_LIB) $(LDLIBS)

# an object without its .d (built before the .d files existed) is rebuilt:
# nothing else says which headers it read
$(OBJDIR)/%.o: %.c $(OBJDIR)/%.d
	@mkdir -p $(dir $@)
	@$(say) CC $<
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) $(SANFLAGS) $(DEPFLAGS) -c -o $@ $<

$(OBJDIR)/tests/%: tests/unit/%.c $(CONTEST_LIB) $(OBJDIR)/tests/%.d
	@mkdir -p $(dir $@)
	@$(say) CC $<
	$(Q)$(CC) $(CPPFLAGS) -Itests/unit $(CFLAGS) $(WARN) $(SANFLAGS) $(DEPFLAGS) $(LDFLAGS) \
		-o $@ $< $(CONTEST_LIB) $(LDLIBS)

unit: $(UNIT_BIN)

# named, so that make does not take a missing one for an intermediate file
DEP_FILES = $(CONTEST_OBJ:.o=.d) $(MAIN_OBJ:.o=.d) $(UNIT_BIN:=.d)
$(DEP_FILES):
-include $(wildcard $(DEP_FILES))

# libFuzzer targets (clang's, Debian clang + libclang-rt-14-dev) for the config
# parser, the runs.tsv reader, --resume's plan reader, the lock record's
# checker and a results folder's env as rerun and changes read it, each run
# FUZZ_SECONDS from tests/fuzz/NAME/
FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZ_SAN      = address,undefined -fno-sanitize-recover=undefined
FUZZ_FLAGS    = -g -O1 -fsanitize=fuzzer,$(FUZZ_SAN)
FUZZ_OBJFLAGS = -g -O1 -fsanitize=fuzzer-no-link,$(FUZZ_SAN)
FUZZ_TARGETS  = config runs plan lock monitor-logs calibration env writers
FUZZ_BIN      = $(FUZZ_TARGETS:%=build/fuzz/fuzz-%)
# the fuzzers' own library: the same sources, instrumented, without libFuzzer's main
FUZZ_OBJ      = $(patsubst %.c,build/fuzz/obj/%.o,$(CONTEST_SRC))
FUZZ_LIB      = build/fuzz/libcontest.a

build/fuzz/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@$(say) CC $@
	$(Q)$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_OBJFLAGS) $(DEPFLAGS) -c -o $@ $<

$(FUZZ_LIB): $(FUZZ_OBJ)
	@$(say) AR $@
	$(Q)rm -f $@ && $(AR) rcs $@ $^

build/fuzz/fuzz-%: tests/fuzz/fuzz-%.c $(FUZZ_LIB)
	@mkdir -p $(dir $@)
	@$(say) CC $@
	$(Q)$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_FLAGS) $(DEPFLAGS) $(LDFLAGS) -o $@ $< $(FUZZ_LIB) $(LDLIBS)

-include $(FUZZ_OBJ:.o=.d) $(FUZZ_BIN:=.d)

# each target also as a unit test, t-fuzz-NAME, built by CC with the others:
# tests/fuzz/replay.c feeds it every seed of tests/fuzz/NAME/, so make test
# replays the corpora (a crash's seed stays a regression test) without clang
FUZZ_REPLAY   = $(FUZZ_TARGETS:%=$(OBJDIR)/tests/t-fuzz-%)
UNIT_BIN     += $(FUZZ_REPLAY)
unit: $(FUZZ_REPLAY)

$(OBJDIR)/tests/t-fuzz-%: tests/fuzz/fuzz-%.c tests/fuzz/replay.c $(CONTEST_LIB)
	@mkdir -p $(dir $@)
	@$(say) CC $@
	$(Q)$(CC) $(CPPFLAGS) -Itests/unit -DFUZZ_CORPUS='"tests/fuzz/$*"' $(CFLAGS) $(WARN) \
		$(SANFLAGS) $(DEPFLAGS) -MF $@.d $(LDFLAGS) -o $@ tests/fuzz/replay.c $< \
		$(CONTEST_LIB) $(LDLIBS)

# (the .d of the last source, the target's: the headers it reads)
-include $(wildcard $(FUZZ_REPLAY:=.d))

fuzz: $(FUZZ_BIN)
	@for t in $(FUZZ_TARGETS); do \
		mkdir -p build/fuzz/corpus-$$t && cp tests/fuzz/$$t/* build/fuzz/corpus-$$t/ && \
		echo "fuzz-$$t: $(FUZZ_SECONDS) s, log in build/fuzz/fuzz-$$t.log"; \
		build/fuzz/fuzz-$$t -max_total_time=$(FUZZ_SECONDS) -max_len=8192 \
			-artifact_prefix=build/fuzz/crash-$$t- build/fuzz/corpus-$$t \
			> build/fuzz/fuzz-$$t.log 2>&1 || { tail -n 60 build/fuzz/fuzz-$$t.log; exit 1; }; \
		grep -a '^#[0-9]*[[:space:]]*DONE' build/fuzz/fuzz-$$t.log; \
	done

# the packages first (they hold the headers and libraries the build needs),
# then the build; a test whose package could not be installed skips
test:
	@scripts/deps.sh $(TEST_PKGS) || echo "make test: going on; the tests that need them skip" >&2
	@$(MAKE) --no-print-directory bin/contest $(UNIT_BIN)
	@OBJDIR=$(OBJDIR) tests/run-tests.sh

# the tests marked "# long: WHY" (minutes each), which make test skips to
# stay within its budget; CI runs them after it. The first, t-uml-fit,
# builds work/uml-6.1.uml; where this CPU's XSAVE area is larger than the
# 2696 bytes Debian's UML 6.1 restores, make test's guest tests skipped,
# so they run again here, booting that kernel (a few minutes)
test-long:
	@scripts/deps.sh $(TEST_PKGS) || echo "make test-long: going on; the tests that need them skip" >&2
	@$(MAKE) --no-print-directory bin/contest $(UNIT_BIN)
	@OBJDIR=$(OBJDIR) CONTEST_TESTS=long tests/run-tests.sh; s=$$?; \
	xs=$$(bin/contest env 2>/dev/null | sed -n 's/^xsave_bytes: \([0-9]*\)$$/\1/p'); \
	if [ -x work/uml-6.1.uml ] && [ "$${xs:-0}" -gt 2696 ]; then \
		echo "# guest tests again, on work/uml-6.1.uml (this CPU's XSAVE area: $$xs bytes)"; \
		OBJDIR=$(OBJDIR) CONTEST_TESTS=guest tests/run-tests.sh || s=1; \
	fi; exit $$s

# install what is missing (as root, else through sudo); nothing when all is there
deps:
	@scripts/deps.sh $(DEPS_PKGS)

test-deps:
	@scripts/deps.sh $(TEST_PKGS)

run: deps
	@$(MAKE) --no-print-directory bin/contest
	bin/contest run -c configs/quick.conf noload cacherun

# the rules of docs/ARCHITECTURE.md: layers, no circles of includes or of
# calls (read from the objects), writers read nothing; a metric's label
# and JSON key spelled only in results/metric.h; a config key read by its
# typed field only, never by name; an env key spelled only in record/env.h
check-layers: $(CONTEST_OBJ) $(MAIN_OBJ)
	@scripts/check-layers.sh . $(OBJDIR)
	@scripts/check-metrics.sh .
	@scripts/check-config.sh .
	@scripts/check-env.sh .

kernel-tree:
	@scripts/kernel-tree.sh work

# the benchmark is not a test: it prints a table of ratios, see docs/PERFORMANCE.md
$(OBJDIR)/bench/power: bench/power.c
	@mkdir -p $(dir $@)
	@$(say) CC $<
	$(Q)$(CC) $(CFLAGS) $(WARN) $(SANFLAGS) $(DEPFLAGS) $(LDFLAGS) -o $@ $< -lRmath -lm

-include $(OBJDIR)/bench/power.d

# simulated bisections through results/bisect.c itself
$(OBJDIR)/bench/bisect-sim: bench/bisect-sim.c $(CONTEST_LIB)
	@mkdir -p $(dir $@)
	@$(say) CC $<
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) $(SANFLAGS) $(DEPFLAGS) $(LDFLAGS) -o $@ $< \
		$(CONTEST_LIB) $(LDLIBS)

-include $(OBJDIR)/bench/bisect-sim.d

bench: bin/contest $(OBJDIR)/bench/power $(OBJDIR)/bench/bisect-sim
	@POWER_BIN=$(OBJDIR)/bench/power BISECT_SIM=$(OBJDIR)/bench/bisect-sim QUICK=$(QUICK) \
		POWER=$(POWER) bench/bench.sh $(FIGURES)

UML_NAME ?= uml-6.1
uml-kernel:
	@scripts/uml-kernel.sh work $(UML_NAME) $(UML_CONFIG)

QEMU_NAME ?= qemu-6.1
qemu-kernel:
	@scripts/qemu-kernel.sh work $(QEMU_NAME) $(QEMU_CONFIG)

install: bin/contest
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/configs $(DESTDIR)$(MANDIR)
	install -m 755 bin/contest $(DESTDIR)$(BINDIR)/contest
	install -m 644 contest.conf $(DESTDIR)$(DATADIR)/contest.conf
	install -m 644 configs/*.conf $(DESTDIR)$(DATADIR)/configs/
	install -m 644 contest.1 $(DESTDIR)$(MANDIR)/contest.1

# what install put there, by name, and the two directories that are contest's
# own unless something else is in them now
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/contest $(DESTDIR)$(DATADIR)/contest.conf \
		$(addprefix $(DESTDIR)$(DATADIR)/,$(wildcard configs/*.conf)) \
		$(DESTDIR)$(MANDIR)/contest.1
	rmdir $(DESTDIR)$(DATADIR)/configs $(DESTDIR)$(DATADIR) 2>/dev/null || :

clean:
	rm -rf build bin/contest bin/.mode

.PHONY: check-layers fuzz all unit test test-long deps test-deps run kernel-tree uml-kernel qemu-kernel bench install \
	uninstall clean FORCE
