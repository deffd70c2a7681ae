#!/usr/bin/env python3
"""Writes the malformed corpus of the real-OMB per-run file reader (synthetic, never measurements): one file per
defect and cases.csv (file, line, message) for OmbMalformedInputTest. Every file starts from the same valid run
(two warm-up seconds, two measured seconds, the cumulative row, the histogram's values at 1 and 2 ms) and breaks
one thing. Run from this folder:  python3 make_corpus.py   (deterministic)
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
V = "# omb-run/1: synthetic malformed-corpus file (OmbMalformedInputTest), not a measurement"
H = "section,index,messages_sent,messages_received,e2e_count,publish_count,e2e_p50_us,e2e_p99_us,e2e_max_us"
GOOD = [V, H,
        "warmup,1,500,500,400,500,1000,2000,2000",
        "warmup,2,500,500,600,500,1000,2000,2000",
        "period,1,500,500,403,500,1000,2000,2000",
        "period,2,500,500,397,500,,,",
        "cumulative,0,1000,1000,800,1000,1000,2000,2000",
        "e2e_ms,1,,,400,,,,",
        "e2e_ms,2,,,400,,,,"]


def edit(i, line):
    out = list(GOOD)
    out[i] = line
    return out


CASES = [
    ("version.csv", 1, "format version", edit(0, "# omb-run/2: a later format")),
    ("header.csv", 2, "header must be", edit(1, H.replace("e2e_count", "e2e"))),
    ("fields.csv", 5, "expected 9 fields, found 8", edit(4, "period,1,500,500,403,500,1000,2000")),
    ("section.csv", 6, "is not one of", edit(5, "periods,2,500,500,397,500,,,")),
    ("order.csv", 9, "after section e2e_ms", GOOD[:7] + ["e2e_ms,1,,,400,,,,", "period,3,1,1,1,1,,,", "e2e_ms,2,,,400,,,,"]),
    ("count.csv", 5, "messages_received is not an integer (\"12a\")", edit(4, "period,1,500,12a,403,500,1000,2000,2000")),
    ("negative.csv", 6, "e2e_count is negative (-5)", edit(5, "period,2,500,500,-5,500,,,")),
    ("empty-count.csv", 3, "messages_sent is empty", edit(2, "warmup,1,,500,400,500,1000,2000,2000")),
    ("quantile.csv", 5, "e2e_p99_us is not an integer", edit(4, "period,1,500,500,403,500,1000,x,2000")),
    ("index.csv", 6, "period index 3 where 2 was expected", edit(5, "period,3,500,500,397,500,,,")),
    ("two-cumulative.csv", 8, "a second cumulative row", GOOD[:7] + ["cumulative,0,1,1,1,1,,,"] + GOOD[7:]),
    ("no-cumulative.csv", 8, "no cumulative row", GOOD[:6] + GOOD[7:]),
    ("no-period.csv", 7, "no period row", GOOD[:4] + GOOD[6:]),
    ("e2e-sum.csv", 7, "e2e_count 800 differs from the sum of the e2e_ms rows (700)", edit(8, "e2e_ms,2,,,300,,,,")),
    ("e2e-zero.csv", 8, "OMB records only latencies above 0 ms", edit(7, "e2e_ms,0,,,400,,,,")),
    ("e2e-order.csv", 9, "e2e_ms index 1 is not above the previous 1", edit(8, "e2e_ms,1,,,400,,,,")),
    ("no-header.csv", 2, "no header after the comment lines", [V, "# only comments"]),
    # issue 43: a count bounded by the count it is part of, and no count a sum could overflow with
    ("e2e-above-received.csv", 7, "e2e_count 1200 exceeds messages_received 1000",
     edit(6, "cumulative,0,1000,1000,1200,1000,1000,2000,2000")[:7] + ["e2e_ms,1,,,600,,,,", "e2e_ms,2,,,600,,,,"]),
    ("count-huge.csv", 7, "messages_received 9223372036854775807 is above 1099511627776",
     edit(6, "cumulative,0,1000,9223372036854775807,800,1000,1000,2000,2000")),
    ("e2e-overflow.csv", 8, "e2e_count 4611686018427387904 is above 1099511627776",
     edit(6, "cumulative,0,1000,1000,800,1000,1000,2000,2000")[:7]
     + ["e2e_ms,1,,,4611686018427387904,,,,", "e2e_ms,2,,,4611686018427387904,,,,"]),
]


def main():
    rows = ["# file,line,message: each file of this folder and what the reader must report (line 0 = whole file)",
            "file,line,message"]
    for name, line, msg, lines in CASES:
        with open(os.path.join(HERE, name), "w", newline="\n") as f:
            f.write("\n".join(lines) + "\n")
        rows.append(f'{name},{line},"{msg.replace(chr(34), chr(34) * 2)}"')
    with open(os.path.join(HERE, "empty.csv"), "w") as f:
        pass
    rows.append("empty.csv,0,empty file (0 bytes)")
    with open(os.path.join(HERE, "not-utf8.csv"), "wb") as f:
        f.write(("\n".join(GOOD[:4]) + "\n").encode() + b"period,1,\xff\xfe,500,403,500,,,\n")
    rows.append("not-utf8.csv,0,not UTF-8 text")
    with open(os.path.join(HERE, "cases.csv"), "w", newline="\n") as f:
        f.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
