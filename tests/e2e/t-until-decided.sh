#!/usr/bin/env bash
# run --until-decided adds interleaved rounds of variants until every
# load's Time verdict (an interactive task's Latency) is better, worse or
# same, or its cap: a variant
# doing 10% more work ends worse within the cap (unless the machine is so
# noisy that the runs could not surely see 10% - an MDE, at 80% power,
# above 5%: then it skips, naming the MDE),
# and an A/A pair never ends better or worse (alpha is spent over the
# looks; a false alarm at 5% is retried once, so two in a row fail).
. "$(dirname "$0")/lib.sh"
CONF=$T/c.conf
loop() { echo "sh -c 'i=0; while [ \$i -lt $1 ]; do i=\$((i+1)); done'"; }
command_conf "$CONF" "$(loop 200000)"
CAP=12

"$CONTEST" run -c "$CONF" -r "$T/r1" -k base -k more --set "command=$(loop 220000)" \
	--until-decided --max-rounds $CAP noload > "$T/out1" 2> "$T/err1"
ok $? "base against 10% more work: exit 0"
rounds=$(grep -c "round [0-9]*/$CAP: more$" "$T/err1")
[ "$rounds" -le $CAP ] && [ "$rounds" -ge 3 ]
ok $? "it ran between 3 and $CAP rounds ($rounds)"
line=$(grep "until-decided: noload Time of 'more'" "$T/err1")
mde=$(sed -n "s/.*(MDE >\{0,1\}\([0-9.]*\)%).*/\1/p" <<< "$line")
if grep -q ": worse (" <<< "$line"; then
	ok 0 "10% more work is worse within the cap: $line"
elif [ -n "$mde" ] && awk -v m="$mde" 'BEGIN { exit !(m > 5) }'; then
	skip "10% more work is worse" "this machine's noise: the runs would see only $mde% at 80% power"
else
	ok 1 "10% more work is worse within the cap: $line"
fi
[ "$(grep -c $'\tnoload\t' "$T/r1/base/runs.tsv")" -eq "$rounds" ] &&
	[ "$(grep -c $'\tnoload\t' "$T/r1/more/runs.tsv")" -eq "$rounds" ]
ok $? "one run a round for each variant, no more"
grep -q "until-decided: " "$T/out1"
ok $((! $?)) "the decision goes to stderr, the tables to stdout"

aa() {	# aa DIR: an A/A session; prints its verdict line
	"$CONTEST" run -c "$CONF" -r "$1" -k a -k b --until-decided --max-rounds 8 noload \
		> /dev/null 2> "$1.err"
	grep "until-decided: noload Time of 'b'" "$1.err"
}
line=$(aa "$T/aa1")
grep -qE ": (better|worse) \(" <<< "$line" && line="$line; again: $(aa "$T/aa2")"
grep -qE "(still undecided|: same \().*" <<< "${line##*again: }"
ok $? "A/A ends same or undecided: $line"

# one MDE for one thing: the table after the rounds compares at the last
# look's alpha (4 rounds: 2 looks, the second at 0.05 * 3/4), so a row
# still undecided says the MDE its table prints, and how many runs
# would see the margin
"$CONTEST" run -c "$CONF" -r "$T/r6" -k a -k b --until-decided --max-rounds 4 noload \
	> "$T/out6" 2> "$T/err6"
ok $? "an A/A pair, 4 rounds at most: exit 0"
line=$(grep "until-decided: noload Time of 'b'" "$T/err6")
# an A/A pair this quiet may be decided same at the first look (round 3,
# alpha 0.0125): the table is then that look's
look="0.0375 (look 2 of 2"
grep -q ": same (.* look 1 of 2 at alpha 0.0125" <<< "$line" && look="0.0125 (look 1 of 2"
grep -qF "* marks p < $look of run --until-decided, which spends 0.05 over its looks" <(tr '\n' ' ' < "$T/out6" | tr -s ' ')
ok $? "the table after it tests at the last look's alpha, ${look%% *}, and says whose it is"
if grep -q "still undecided" <<< "$line"; then
	said=$(sed -n 's/.*(MDE \([^)]*\)).*/\1/p' <<< "$line")
	cell=$(awk '/^Time / { t = 1; next } t && $1 == "b" { print $(NF - 1); exit }' "$T/out6")
	[ -n "$said" ] && [ "$said" = "$cell" ] && grep -qE "(about|over) [0-9]+ rounds \(4 now\) to see 2%" <<< "$line"
	ok $? "its message's MDE is the table's ($said, $cell), with the rounds that would see 2%: $line"
else
	skip "the undecided message's MDE is the table's" "the A/A pair was decided: $line"
fi

# an interactive task has no Time to judge: its rounds are judged by its
# Latency (they once ended at the first look, with nothing judged)
cat > "$T/i.conf" <<CONF
quiet_wait = 0s
load_lead = 1s
flush = no
monitors =
work_dir = $T/work
duration = 1s
CONF
"$CONTEST" run -c "$T/i.conf" -r "$T/r5" -s workload=audio -k a -k b --until-decided \
	--max-rounds 4 noload > /dev/null 2> "$T/err5"
ok $? "an audio task's A/A rounds: exit 0"
line=$(grep -m1 "until-decided: audio+noload Latency of 'b'" "$T/err5")
grep -qE ": (better|worse|same) \(|still undecided after 4 rounds" <<< "$line"
ok $? "they are judged by the task's Latency, to a verdict or the cap: ${line:-$(tail -n 3 "$T/err5")}"

"$CONTEST" run -c "$CONF" -r "$T/r3" -k solo --until-decided noload > /dev/null 2> "$T/err3"
is $? 2 "--until-decided with one variant is bad usage ($(head -1 "$T/err3"))"
"$CONTEST" run -c "$CONF" -r "$T/r3" -k a -k b --max-rounds 5 noload > /dev/null 2> "$T/err4"
is $? 2 "--max-rounds without --until-decided is bad usage"
done_testing
