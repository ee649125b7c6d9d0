# contest - build, test, install
#   make                 build bin/contest
#   make test            every unit and end-to-end test (TAP)
#   make SANITIZE=1 test the same under AddressSanitizer and UBSan
#   make run             install packages (sudo when not root), build, run the quick
#                        profile's noload and cacherun
#   make bench           benchmark contest itself (QUICK=1: small counts; POWER=1: measured
#                        power; FIGURES="idle report": some figures only)
#   make kernel-tree     unpack Debian's linux-source-6.1 into work/ and print its path
#   make uml-kernel [UML_NAME=NAME] [UML_CONFIG=FRAGMENT]
#                        build a user-mode-linux kernel from linux-source-6.1 with a
#                        config fragment into work/NAME.uml (slow: minutes)
#   make qemu-kernel [QEMU_NAME=NAME] [QEMU_CONFIG=FRAGMENT]
#                        build a small x86_64 bzImage for run --boot under QEMU/KVM
#                        into work/NAME.bzImage (slow: minutes)
#   make install PREFIX=/usr/local

PREFIX  ?= /usr/local
BINDIR   = $(PREFIX)/bin
DATADIR  = $(PREFIX)/share/contest
MANDIR   = $(PREFIX)/share/man/man1

CC      ?= cc
CFLAGS  ?= -O2 -g
WARN     = -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CPPFLAGS += -D_GNU_SOURCE -DCONTEST_DATADIR='"$(DATADIR)"' -iquote contest -iquote .
LDLIBS  += -ljansson -lRmath -lm

ifeq ($(SANITIZE),1)
OBJDIR   = build/san
SANFLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
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
            qemu-system-x86

CONTEST_SRC = $(wildcard contest/*/*.c) $(wildcard loads/*.c)
CONTEST_OBJ = $(patsubst %.c,$(OBJDIR)/%.o,$(CONTEST_SRC))
MAIN_OBJ    = $(OBJDIR)/contest/main.o
UNIT_SRC    = $(wildcard tests/unit/t-*.c)
UNIT_BIN    = $(patsubst tests/unit/%.c,$(OBJDIR)/tests/%,$(UNIT_SRC))
HEADERS     = $(wildcard contest/*/*.h loads/*.h tests/unit/*.h)

all: bin/contest

# relink when switching between plain and sanitized builds
bin/.mode: FORCE
	@mkdir -p bin
	@[ "$$(cat $@ 2>/dev/null)" = "$(MODE)" ] || echo $(MODE) > $@

bin/contest: $(MAIN_OBJ) $(CONTEST_OBJ) bin/.mode
	$(CC) $(CFLAGS) $(SANFLAGS) -o $@ $(MAIN_OBJ) $(CONTEST_OBJ) $(LDLIBS)

$(OBJDIR)/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) $(SANFLAGS) -c -o $@ $<

$(OBJDIR)/tests/%: tests/unit/%.c $(CONTEST_OBJ) $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Itests/unit $(CFLAGS) $(WARN) $(SANFLAGS) -o $@ $< $(CONTEST_OBJ) $(LDLIBS)

unit: $(UNIT_BIN)

# libFuzzer targets (clang's, Debian clang + libclang-rt-14-dev) for the config
# parser, the runs.tsv reader, --resume's plan reader and the lock record's
# checker, each run FUZZ_SECONDS from tests/fuzz/NAME/
FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZ_FLAGS    = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_TARGETS  = config runs plan lock
FUZZ_BIN      = $(FUZZ_TARGETS:%=build/fuzz/fuzz-%)

build/fuzz/fuzz-%: tests/fuzz/fuzz-%.c $(CONTEST_SRC) $(HEADERS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_FLAGS) -o $@ $< $(CONTEST_SRC) $(LDLIBS)

fuzz: $(FUZZ_BIN)
	@for t in $(FUZZ_TARGETS); do \
		mkdir -p build/fuzz/corpus-$$t && cp tests/fuzz/$$t/* build/fuzz/corpus-$$t/ && \
		echo "fuzz-$$t: $(FUZZ_SECONDS) s, log in build/fuzz/fuzz-$$t.log"; \
		build/fuzz/fuzz-$$t -max_total_time=$(FUZZ_SECONDS) -max_len=8192 \
			-artifact_prefix=build/fuzz/crash-$$t- build/fuzz/corpus-$$t \
			> build/fuzz/fuzz-$$t.log 2>&1 || { tail -n 60 build/fuzz/fuzz-$$t.log; exit 1; }; \
		grep -a '^#[0-9]*[[:space:]]*DONE' build/fuzz/fuzz-$$t.log; \
	done

test: bin/contest $(UNIT_BIN)
	@OBJDIR=$(OBJDIR) tests/run-tests.sh

# root installs directly; anyone else through sudo
SUDO = $(shell [ "$$(id -u)" = 0 ] || echo sudo)

deps:
	$(SUDO) apt-get update -qq
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(DEPS_PKGS)

test-deps:
	$(SUDO) apt-get update -qq
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(TEST_PKGS)

run: deps bin/contest
	bin/contest run -c configs/quick.conf noload cacherun

# the include rules of docs/ARCHITECTURE.md: layers, no circles, writers read nothing
check-layers:
	@scripts/check-layers.sh

kernel-tree:
	@scripts/kernel-tree.sh work

# the benchmark is not a test: it prints a table of ratios, see docs/PERFORMANCE.md
$(OBJDIR)/bench/power: bench/power.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(WARN) $(SANFLAGS) -o $@ $< -lRmath -lm

bench: bin/contest $(OBJDIR)/bench/power
	@POWER_BIN=$(OBJDIR)/bench/power QUICK=$(QUICK) POWER=$(POWER) bench/bench.sh $(FIGURES)

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

clean:
	rm -rf build bin/contest bin/.mode

.PHONY: check-layers fuzz all unit test deps test-deps run kernel-tree uml-kernel qemu-kernel bench install clean FORCE
