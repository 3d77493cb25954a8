#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# cli_locale.sh - numbers in data are read and written in the C locale
# whatever LANG says: every report, launch file and launch list in
# tests/data gives byte for byte the same output and exit status under
# de_DE.UTF-8 (a decimal comma) as under C.UTF-8, in text, JSON and CSV.
set -u
: "${OCCVIEW:?}" "${TESTDATA:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

. "${0%/*}/cliutil.sh"

# The test needs the locale itself: without it glibc falls back to C and
# the comparison would pass whatever occview does.
if ! locale -a 2>/dev/null | grep -qix 'de_DE\.utf-\{0,1\}8'; then
	echo "SKIP: the de_DE.UTF-8 locale is not installed (Debian: apt-get install locales;" \
		"localedef -i de_DE -f UTF-8 de_DE.UTF-8)"
	exit 77
fi
# ... and the locale must really write a decimal comma, or this tests nothing.
if [ "$(LC_ALL=de_DE.UTF-8 /usr/bin/env printf '%.1f' 0.5 2>/dev/null)" != "0,5" ]; then
	echo "SKIP: de_DE.UTF-8 does not write a decimal comma here"
	exit 77
fi

# same ARGS...: occview ARGS under both locales; stdout, stderr and status equal.
same() {
	what="occview $*"
	LC_ALL=C.UTF-8 "$OCCVIEW" "$@" >"$tmp/c.out" 2>"$tmp/c.err" </dev/null
	c=$?
	LC_ALL=de_DE.UTF-8 "$OCCVIEW" "$@" >"$tmp/de.out" 2>"$tmp/de.err" </dev/null
	de=$?
	if [ "$c" -ne "$de" ]; then
		bad "$what: exit status $de under de_DE.UTF-8, $c under C.UTF-8"
		sed 's/^/  | /' "$tmp/de.err" | head -3
	elif ! cmp -s "$tmp/c.out" "$tmp/de.out"; then
		bad "$what: the output differs under de_DE.UTF-8:"
		diff "$tmp/c.out" "$tmp/de.out" | head -6 | sed 's/^/  | /'
	elif ! cmp -s "$tmp/c.err" "$tmp/de.err"; then
		bad "$what: the messages differ under de_DE.UTF-8:"
		diff "$tmp/c.err" "$tmp/de.err" | head -6 | sed 's/^/  | /'
	else
		ok
	fi
}

# Every input the tests hold (the golden screens and the calculators'
# tables are not inputs), in every format.
inputs=$(find "$TESTDATA" -type f ! -path '*/golden/*' ! -path '*/amd/*' \
	! -path '*/nvidia/*' ! -name README | LC_ALL=C sort)
n=0
for f in $inputs; do
	n=$((n + 1))
	for fmt in text json csv; do
		same --print --format "$fmt" "$f"
	done
done
if [ "$n" -lt 40 ]; then bad "only $n inputs found under $TESTDATA"; else ok; fi

B200=$TESTDATA/ncu/constructed_ncu_raw_page_b200_cc100_decode_b1.csv
NVPROF=$TESTDATA/nvprof/constructed_nvprof_metrics_text_gtx1070.profile
# Options that take a decimal, and the comparison's signed differences
# (under de_DE they were "-0,1111111111.0": not JSON).
for fmt in text json csv; do
	same --print --format "$fmt" --duration-cv 0.5 "$B200"
	same --print --format "$fmt" --warp-spread 12.5 --duration-cv 0.25 --gpu H100 \
		--block-size 256 --registers 32 --grid 1584
	same --list-gpus --format "$fmt"
done
same --compare 1,2 --format json "$B200"
same --compare 1,2 "$B200"
same --print --derive --width 120 "$B200"

# The values themselves: the decimal was read (not "left absent") and is
# written with a point, under de_DE.UTF-8.
what="LC_ALL=de_DE.UTF-8 occview --format csv $NVPROF"
LC_ALL=de_DE.UTF-8 "$OCCVIEW" --format csv "$NVPROF" >"$tmp/out" 2>&1; got=$?
check 65 ",87\.16,"
what="LC_ALL=de_DE.UTF-8 occview --print --duration-cv 0.5"
LC_ALL=de_DE.UTF-8 "$OCCVIEW" --print --duration-cv 0.5 >"$tmp/out" 2>&1; got=$?
check 0 "Theoretical occupancy   100\.0%"

echo "cli_locale: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
