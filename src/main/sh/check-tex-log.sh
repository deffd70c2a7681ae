#!/usr/bin/env bash
# The layout a LaTeX build must hold (issue 59, item 9), read from its .log: exit 1, naming each offence, when
#   - a box is overfull by more than FTL_MAX_OVERFULL_PT points (default 1): "Overfull \hbox (7.7pt too wide)", a
#     line or table cell running into the margin or the next column, or "Overfull \vbox (..pt too high)", a page
#     whose content runs below the text area (into the footer, where the page number is printed);
#   - a float is taller than the text area ("Float too large for page by ..pt"): LaTeX sets it anyway, and what does
#     not fit runs into the footer, over the page number.
# Underfull boxes (loose lines) are not an offence. Exit 0 when the log holds none of these, 2 when a log is missing.
# Usage: src/main/sh/check-tex-log.sh FILE.log...
set -euo pipefail

max_pt="${FTL_MAX_OVERFULL_PT:-1}"
status=0
for log in "$@"; do
  if [ ! -f "$log" ]; then
    echo "check-tex-log: $log: no such log" >&2
    exit 2
  fi
  # TeX wraps its log at 79 characters: a message is matched on its first line, where its amount is.
  offences=$(awk -v max="$max_pt" -v file="$log" '
    /^Overfull \\[hv]box \(/ {
      amount = $3; sub(/^\(/, "", amount); sub(/pt$/, "", amount)
      if (amount + 0 > max + 0) { printf "%s:%d: %s\n", file, NR, $0 }
    }
    /Float too large for page by/ { printf "%s:%d: %s\n", file, NR, $0 }
  ' "$log")
  if [ -n "$offences" ]; then
    echo "$offences" >&2
    n=$(printf '%s\n' "$offences" | wc -l)
    echo "check-tex-log: FAIL $log: $n layout offence(s) above (an overfull box over ${max_pt} pt, or a float taller than the page)" >&2
    status=1
  fi
done
exit "$status"
