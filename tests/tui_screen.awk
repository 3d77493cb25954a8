# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# tui_screen.awk - reads a screen captured from tmux (capture-pane -p, box
# glyphs already turned into ASCII stand-ins by tui.sh's ascii_screen: '!'
# a vertical line, 'L' a bottom-left corner, '~' an ellipsis is kept as
# '@') and prints one line per fault:
#  - a word cut at a border: the last word before a vertical line, touching
#    it, that is not a word of the vocabulary file (VOCAB: every word the
#    print mode writes for the same input) nor ends in an ellipsis;
#  - a chart y label that names another row's value: a label ("  64",
#    " ~43", "100%") left of a chart's axis, whose plot runs down to a
#    bottom-left corner, must be its row's value, max * (rows-1-r)/(rows-1),
#    exactly, or rounded where marked '~'.
BEGIN {
	while ((getline w < VOCAB) > 0)
		vocab[w] = 1
}
{ line[NR] = $0 }
function has_letter(s) { return s ~ /[A-Za-z]/ }
END {
	n = NR
	# words cut at a border
	for (i = 1; i <= n; i++) {
		s = line[i]
		for (p = 2; p <= length(s); p++) {
			if (substr(s, p, 1) != "!" || substr(s, p - 1, 1) == " " || substr(s, p - 1, 1) == "!")
				continue
			q = p - 1
			while (q > 0 && substr(s, q, 1) != " " && substr(s, q, 1) != "!")
				q--
			word = substr(s, q + 1, p - q - 1)
			if (!has_letter(word) || word ~ /@$/ || (word in vocab))
				continue
			# words of the chrome and the charts, not of the print mode's panes
			if (word ~ /^[-=.#O|+:^L]+$/)
				continue
			printf "row %d: '%s' is cut at the border\n", i, word
		}
	}
	# chart labels
	for (i = 1; i <= n; i++) {
		s = line[i]
		for (p = 6; p <= length(s); p++) {
			if (substr(s, p, 1) != "!" || substr(s, p - 1, 1) != " ")
				continue
			lab = substr(s, p - 5, 4)
			if (lab !~ /^ *~?[0-9]+%?$/)
				continue
			# the top of a plot: no axis above it
			if (i > 1 && substr(line[i - 1], p, 1) == "!")
				continue
			rows = 0
			for (j = i; j <= n && substr(line[j], p, 1) == "!"; j++)
				rows++
			if (j > n || substr(line[j], p, 1) != "L")
				continue
			top = lab
			gsub(/[ ~%]/, "", top)
			pct = lab ~ /%/
			max = top + 0
			for (r = 0; r < rows; r++) {
				l = substr(line[i + r], p - 5, 4)
				if (l !~ /^ *~?[0-9]+%?$/)
					continue
				approx = l ~ /~/
				v = l
				gsub(/[ ~%]/, "", v)
				want = rows > 1 ? max * (rows - 1 - r) / (rows - 1) : max
				d = v - want
				if (d < 0)
					d = -d
				exact = want == int(want)
				if ((approx && (d > 0.5 || exact)) || (!approx && d > 1e-9))
					printf "row %d: chart label '%s' on plot row %d of %d, whose value is %.2f\n",
					       i + r, l, r, rows, want
				labels++
			}
		}
	}
	printf "labels %d\n", labels + 0 > "/dev/stderr"
}
