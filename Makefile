# contest - build, test, install
#   make                 build bin/contest
#   make test            every unit and end-to-end test (TAP)
#   make SANITIZE=1 test the same under AddressSanitizer and UBSan
#   make run             install packages (sudo when not root), build, run the quick
#                        profile's noload and cacherun
#   make kernel-tree     unpack Debian's linux-source-6.1 into work/ and print its path
#   make uml-kernel [UML_NAME=NAME] [UML_CONFIG=FRAGMENT]
#                        build a user-mode-linux kernel from linux-source-6.1 with a
#                        config fragment into work/NAME.uml (slow: minutes)
#   make install PREFIX=/usr/local

PREFIX  ?= /usr/local
BINDIR   = $(PREFIX)/bin
DATADIR  = $(PREFIX)/share/contest
MANDIR   = $(PREFIX)/share/man/man1

CC      ?= cc
CFLAGS  ?= -O2 -g
WARN     = -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CPPFLAGS += -D_GNU_SOURCE -DCONTEST_DATADIR='"$(DATADIR)"' -Icontest -Iloads
LDLIBS  += -lm

ifeq ($(SANITIZE),1)
OBJDIR   = build/san
SANFLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
MODE     = sanitize
else
OBJDIR   = build/plain
SANFLAGS =
MODE     = plain
endif

DEPS_PKGS = gcc make procps sysstat dbench gnuplot-nox tar coreutils util-linux
TEST_PKGS = $(DEPS_PKGS) linux-source-6.1 bc flex bison libelf-dev libssl-dev time user-mode-linux e2fsprogs

CONTEST_SRC = $(filter-out contest/main.c,$(wildcard contest/*.c)) $(wildcard loads/*.c)
CONTEST_OBJ = $(patsubst %.c,$(OBJDIR)/%.o,$(CONTEST_SRC))
MAIN_OBJ    = $(OBJDIR)/contest/main.o
UNIT_SRC    = $(wildcard tests/unit/t-*.c)
UNIT_BIN    = $(patsubst tests/unit/%.c,$(OBJDIR)/tests/%,$(UNIT_SRC))
HEADERS     = $(wildcard contest/*.h loads/*.h tests/unit/*.h)

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

kernel-tree:
	@scripts/kernel-tree.sh work

UML_NAME ?= uml-6.1
uml-kernel:
	@scripts/uml-kernel.sh work $(UML_NAME) $(UML_CONFIG)

install: bin/contest
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/configs $(DESTDIR)$(MANDIR)
	install -m 755 bin/contest $(DESTDIR)$(BINDIR)/contest
	install -m 644 contest.conf $(DESTDIR)$(DATADIR)/contest.conf
	install -m 644 configs/*.conf $(DESTDIR)$(DATADIR)/configs/
	install -m 644 contest.1 $(DESTDIR)$(MANDIR)/contest.1

clean:
	rm -rf build bin/contest bin/.mode

.PHONY: all unit test deps test-deps run kernel-tree uml-kernel install clean FORCE
