#!/usr/bin/env bash
# Build paper/paper.pdf, supplement/supplement.pdf and supplement/provenance.pdf (the provenance listing of every
# quantity, which the numbers of the other two link to) with latexmk, and fail when a build is not clean:
#   - any LaTeX error (latexmk runs pdflatex with -halt-on-error -interaction=nonstopmode), which
#     includes an undefined control sequence (e.g. a quantity macro that the emitter no longer writes)
#     and a missing \input file;
#   - any LaTeX or hyperref warning of an undefined reference or citation, or a link to a missing
#     destination, in the final .log (not the word "undefined" in typeset text, e.g. a macro name);
#   - any box overfull by more than 1 pt or any float taller than the text area (src/main/sh/check-tex-log.sh), in all
#     three documents: the provenance listing is read beside the paper (every number links to its row), and a row that
#     runs into the next column or a float over the page number hides text as it would in the paper (issue 59);
#   - body text in a page's footer, read from the PDF, and a paper abstract over 250 words as printed or not as many
#     as paper/generated/abstract.txt's (./ftl check-pdf --layout; issue 59, items 9 and 10);
#   - paper.pdf longer than FTL_MAX_PAGES pages (default 12, the limit of issue 7), supplement.pdf longer than
#     FTL_MAX_SUPPLEMENT_PAGES (default 60, the limit of issue 47; the provenance listing has no limit).
# Usage: src/main/sh/build-pdfs.sh [ROOT]   (ROOT: the archive's root, default: this checkout)
# Needs latexmk, pdflatex and the TeX Live packages .ci/run installs; pdfinfo (poppler-utils) if present.
set -euo pipefail

root="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)}"
max_pages="${FTL_MAX_PAGES:-12}"
max_supplement_pages="${FTL_MAX_SUPPLEMENT_PAGES:-60}"
status=0

build() {  # build <folder> <name>: latexmk in the folder, then the log checks
  local dir="$root/$1" name="$2" out
  out=$(mktemp)
  echo "build-pdfs: latexmk -pdf $1/$name.tex"
  if ! (cd "$dir" && latexmk -pdf -g -halt-on-error -interaction=nonstopmode -file-line-error "$name.tex" \
          >"$out" 2>&1); then
    echo "build-pdfs: FAIL $1/$name.tex: LaTeX stopped with an error:" >&2
    grep -E -A3 '^!|^[^ ]*:[0-9]+: ' "$dir/$name.log" 2>/dev/null | head -20 >&2 \
      || tail -20 "$out" >&2
    rm -f "$out"
    status=1
    return
  fi
  rm -f "$out"
  if grep -n -E 'Warning: .*undefined|undefined references|Undefined control sequence|has been referenced but does not exist' "$dir/$name.log" >&2; then
    echo "build-pdfs: FAIL $1/$name.tex: undefined macro, reference or citation (lines above, from $1/$name.log)" >&2
    status=1
  fi
  local pages
  if command -v pdfinfo >/dev/null 2>&1; then
    pages=$(pdfinfo "$dir/$name.pdf" | awk '/^Pages:/ {print $2}')
  else
    pages=$(sed -n 's/^Output written on .*(\([0-9]*\) pages\{0,1\},.*/\1/p' "$dir/$name.log" | tail -1)
  fi
  echo "build-pdfs: $1/$name.pdf: $pages pages"
  if [ "$name" = paper ] && [ "${pages:-0}" -gt "$max_pages" ]; then
    echo "build-pdfs: FAIL $1/$name.pdf has $pages pages, more than $max_pages" >&2
    status=1
  fi
  if [ "$name" = supplement ] && [ "${pages:-0}" -gt "$max_supplement_pages" ]; then
    echo "build-pdfs: FAIL $1/$name.pdf has $pages pages, more than $max_supplement_pages" >&2
    status=1
  fi
  # the layout the log records: no box overfull by more than 1 pt, no float taller than the page (check-tex-log.sh)
  if ! "$root/src/main/sh/check-tex-log.sh" "$dir/$name.log"; then
    status=1
  fi
}

# The documents are built on two lanes side by side (each latexmk is one pdflatex process at a time): the provenance
# listing, some 300 pages and the longest build, on one; the paper and then the supplement on the other. Each
# build's messages are kept and printed after all ended, in a fixed order, so the output is the same whatever the
# timing.
run_build() {  # run_build <folder> <name>: build, exiting with its status
  status=0
  build "$1" "$2"
  exit "$status"
}
msgs=$(mktemp -d)
trap 'rm -rf "$msgs"' EXIT
(run_build supplement provenance) >"$msgs/provenance.out" 2>"$msgs/provenance.err" &
provenance_pid=$!
paper_status=0
(run_build paper paper) >"$msgs/paper.out" 2>"$msgs/paper.err" || paper_status=1
supplement_status=0
(run_build supplement supplement) >"$msgs/supplement.out" 2>"$msgs/supplement.err" || supplement_status=1
wait "$provenance_pid" || status=1
[ "$paper_status" -eq 0 ] || status=1
[ "$supplement_status" -eq 0 ] || status=1
for doc in paper supplement provenance; do
  cat "$msgs/$doc.out"
  cat "$msgs/$doc.err" >&2
done
# The layout as printed, read from each PDF (ftl check-pdf --layout, PDFBox): no body text in a page's footer (a float
# or a page running into the page number), and the paper's abstract at most 250 words as printed, as many as
# paper/generated/abstract.txt has. Only for the PDFs that built.
for doc in paper/paper supplement/supplement supplement/provenance; do
  if [ -f "$root/$doc.pdf" ] && [ "$root/$doc.pdf" -nt "$root/$doc.tex" ]; then
    if ! (cd "$root" && ./ftl check-pdf --layout "$doc.pdf"); then
      echo "build-pdfs: FAIL $doc.pdf: its layout as printed (lines above)" >&2
      status=1
    fi
  fi
done
if [ "$status" -ne 0 ]; then
  echo "build-pdfs: FAILED" >&2
  exit 1
fi
echo "build-pdfs: all three PDFs built clean, their layout held"
