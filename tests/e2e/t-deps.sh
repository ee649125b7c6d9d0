#!/usr/bin/env bash
# scripts/deps.sh PKG...: asks the real dpkg-query, and runs apt-get (update,
# then install of just the missing ones) only when a package is missing,
# through sudo when not root; without a working sudo it says what to
# install and exits 1. apt-get, sudo and id are fakes first in PATH that
# record their calls: what is checked is the script's decision.
. "$(dirname "$0")/lib.sh"
DEPS=$TOP/scripts/deps.sh
command -v dpkg-query > /dev/null || { skip "no dpkg-query: not a Debian system"; done_testing; exit; }
have=coreutils
dpkg-query -W -f '${db:Status-Abbrev}' "$have" 2>/dev/null | grep -q '^ii' ||
	{ skip "$have is not installed according to dpkg-query"; done_testing; exit; }
lack=contest-no-such-package
F=$T/fake
mkdir -p "$F"
cat > "$F/apt-get" <<EOF
#!/bin/sh
echo "apt-get \$*" >> "$T/calls"
EOF
fake_id() { printf '#!/bin/sh\necho %s\n' "$1" > "$F/id"; }
fake_sudo() {	# fake_sudo STATUS: 0 runs the command, else refuses
	if [ "$1" = 0 ]; then
		printf '#!/bin/sh\necho "sudo $1" >> "%s"\nexec "$@"\n' "$T/calls" > "$F/sudo"
	else
		printf '#!/bin/sh\necho "sudo refused" >> "%s"\nexit 1\n' "$T/calls" > "$F/sudo"
	fi
}
chmod +x "$F/apt-get"
deps() { rm -f "$T/calls"; chmod +x "$F"/*; PATH=$F:$PATH "$DEPS" "$@" > "$T/out" 2> "$T/err"; }
calls() { [ -f "$T/calls" ] && cat "$T/calls"; }

fake_id 0; fake_sudo 0
deps "$have"
is $? 0 "installed $have: exit 0"
is "$(calls)" "" "installed $have: apt-get was not called"
is "$(cat "$T/out" "$T/err")" "" "installed $have: nothing said"

deps "$have" "$lack"
is $? 0 "as root, missing $lack: exit 0"
sed -n 1p "$T/calls" | grep -Eq '^apt-get( -o [^ ]+)* update( |$)'
ok $? "as root: apt-get update first ($(calls | tr '\n' ';'))"
sed -n 2p "$T/calls" | grep -Eq "^apt-get( -o [^ ]+)* install -y -qq $lack\$"
ok $? "as root: then apt-get install of $lack alone"
is "$(calls | wc -l)" 2 "as root: two calls, no sudo"

fake_id 1000
deps "$lack"
is $? 0 "not root, sudo works: exit 0"
calls | grep -Eq '^sudo apt-get$' && calls | grep -Eq "^apt-get.* install -y -qq $lack\$"
ok $? "not root: apt-get runs through sudo ($(calls | tr '\n' ';'))"

fake_sudo 1
deps "$have" "$lack"
is $? 1 "not root, sudo refuses: exit 1"
grep -q "apt-get install $lack\$" "$T/err"
ok $? "it says what to install ($(cat "$T/err"))"
calls | grep -q '^apt-get'
is $? 1 "apt-get was not run"

# make run and make test ask it first (make -n only prints the recipes)
make -n -C "$TOP" --no-print-directory run > "$T/n" 2>&1
sed -n 1p "$T/n" | grep -Eq '^scripts/deps.sh .*libjansson-dev'
ok $? "make run starts with scripts/deps.sh of contest's packages"
make -n -C "$TOP" --no-print-directory test > "$T/n" 2>&1
sed -n 1p "$T/n" | grep -Eq '^scripts/deps.sh .*user-mode-linux'
ok $? "make test starts with scripts/deps.sh of the tests' packages"
done_testing
