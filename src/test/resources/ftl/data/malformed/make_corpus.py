#!/usr/bin/env python3
"""Writes the malformed-input corpus (synthetic test data, never measurements).

Each case is one file (events, plan, dictionary) or one campaign folder (ledger cases) with exactly one
defect. cases.csv lists every case: the path, which reader it exercises, the line the error must name
(0 = the file as a whole), and a fragment the message must contain. Run from this folder:
    python3 make_corpus.py
The output is deterministic (gzip mtime 0), so re-running leaves git clean.
"""
import csv, gzip, hashlib, io, os, shutil

HERE = os.path.dirname(os.path.abspath(__file__))
H = "seq,send_ns,ack_ns,recv_ns,send_us,recv_us,create_ms"
ROW = ["{i},{s},{a},{r},{su},{ru},{c}".format(i=i, s=1000000 + i * 1000000, a=1000000 + i * 1000000 + 300000,
       r=1000000 + i * 1000000 + 400000, su=1700000000000000 + i * 1000, ru=1700000000000000 + i * 1000 + 400,
       c=1700000000000 + i) for i in range(6)]
cases = []


def w(path, data):
    p = os.path.join(HERE, path)
    if os.path.isdir(p):
        shutil.rmtree(p)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))


def gz(text):
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0, filename="") as g:
        g.write(text.encode("utf-8"))
    return buf.getvalue()


def ev(name, text, line, fragment, raw=None):
    path = "events/" + name
    w(path, raw if raw is not None else text)
    cases.append((path, "events", line, fragment))


def good(*rows):
    return "\n".join([H] + list(rows)) + "\n"


# ---- events files: one defect each ----
ev("empty.csv", "", 0, "empty file (0 bytes)")
ev("only-comments.csv", "# a fixture with no header\n# nothing else\n", 2, "missing header row")
ev("no-header.csv", "\n".join(ROW[:3]) + "\n", 1, "missing header row")
ev("header-lacks-recv_ns.csv", "seq,send_ns,ack_ns,send_us,recv_us,create_ms\n0,1,2,3,4,5\n", 1, "header lacks column recv_ns")
ev("header-lacks-two.csv", "seq,send_ns,ack_ns,recv_ns,send_us\n0,1,2,3,4\n", 1, "header lacks columns recv_us, create_ms")
ev("header-duplicate.csv", H + ",seq\n" + ROW[0] + ",0\n", 1, "names column \"seq\" twice")
ev("header-empty-column.csv", H + ",\n" + ROW[0] + ",\n", 1, "header column 8 is empty")
ev("header-only.csv", H + "\n", 1, "no event rows after the header")
ev("non-integer-recv_ns.csv", good(ROW[0], ROW[1], "2,3000000,3300000,12a,1700000000002000,1700000000002400,1700000000002"), 4, "recv_ns is not an integer (\"12a\")")
ev("decimal-send_ns.csv", good(ROW[0], "1,1.5,3,4,5,6,7"), 3, "send_ns is not an integer (\"1.5\")")
ev("space-in-cell.csv", good(" 0,1,2,3,4,5,6"), 2, "seq is not an integer (\" 0\")")
ev("quoted-cell.csv", good('"0",1,2,3,4,5,6'), 2, "seq is not an integer (\"\"0\"\")")
ev("minus-only.csv", good("0,-,2,3,4,5,6"), 2, "send_ns is not an integer (\"-\")")
ev("overflow.csv", good("0,99999999999999999999,2,3,4,5,6"), 2, "send_ns is out of the 64-bit range")
ev("reserved-min.csv", good("0,1,-9223372036854775808,3,4,5,6"), 2, "ack_ns is the reserved value")
ev("too-few-fields.csv", good(ROW[0], "1,2,3,4,5,6"), 3, "expected 7 fields, found 6")
ev("too-many-fields.csv", good(ROW[0], ROW[1] + ",9"), 3, "expected 7 fields, found more")
ev("empty-seq.csv", good(",1,2,3,4,5,6"), 2, "seq is empty (required)")
ev("empty-send_ns.csv", good("0,,2,3,4,5,6"), 2, "send_ns is empty (required)")
ev("empty-send_us.csv", good("0,1,2,3,,5,6"), 2, "send_us is empty (required)")
ev("recv-without-recv_us.csv", good(ROW[0], "1,1,2,3,4,,6"), 3, "must be all present or all empty")
ev("recv-without-create_ms.csv", good("0,1,2,3,4,5,"), 2, "must be all present or all empty")
ev("recv_us-without-recv_ns.csv", good("0,1,2,,4,5,6"), 2, "must be all present or all empty")
ev("negative-seq.csv", good("-1,1,2,3,4,5,6"), 2, "seq is negative (-1)")
ev("duplicate-seq.csv", good(ROW[0], ROW[1], ROW[2], ROW[3].replace("3,", "1,", 1)), 5, "duplicate seq 1")
ev("duplicate-large-seq.csv", good("100000000000,1,2,3,4,5,6", "100000000000,2,3,4,5,6,7"), 3, "duplicate seq 100000000000")
ev("blank-line-inside.csv", H + "\n" + ROW[0] + "\n\n" + ROW[1] + "\n", 3, "blank line inside the data")
ev("extra-column-not-integer.csv", H + ",intended_ns\n" + ROW[0] + ",abc\n", 2, "intended_ns is not an integer (\"abc\")")
ev("crlf-non-integer.csv", (H + "\r\n" + ROW[0] + "\r\n1,2,3,x4,5,6,7\r\n"), 3, "recv_ns is not an integer (\"x4\")")
ev("comment-then-bad.csv", "# 2 events, the second with a letter in ack_ns\n" + H + "\n" + ROW[0] + "\n1,2,3a,4,5,6,7\n", 4, "ack_ns is not an integer (\"3a\")")
full = gz(good(*ROW))
ev("truncated.csv.gz", None, 0, "truncated gzip", raw=full[: len(full) // 2])
corrupt = bytearray(full)
corrupt[-6] ^= 0xFF  # inside the CRC32 trailer
ev("corrupt-crc.csv.gz", None, 0, "corrupt gzip", raw=bytes(corrupt))
ev("gzip-of-nothing.csv.gz", None, 0, "empty file (no content after decompression)", raw=gz(""))
ev("gzip-non-integer.csv.gz", None, 5, "create_ms is not an integer (\"7z\")", raw=gz(good(ROW[0], ROW[1], ROW[2], "3,4,5,6,7,8,7z")))
ev("gzip-duplicate-seq.csv.gz", None, 4, "duplicate seq 0", raw=gz(good(ROW[0], ROW[1], ROW[0])))
ev("binary-garbage.csv", None, 1, "header lacks columns", raw=b"PK\x03\x04\x00\x00garbage\x00\x01\n")
ev("semicolon-separated.csv", H.replace(",", ";") + "\n" + ROW[0].replace(",", ";") + "\n", 1, "header lacks columns")

# ---- plans ----
def plan(name, text, line, fragment):
    w("plans/" + name, text)
    cases.append(("plans/" + name, "plan", line, fragment))

plan("empty.json", "", 0, "empty file (0 bytes)")
plan("malformed.json", '{\n  "campaign": "x",\n  "conditions": [1, 2,,]\n}\n', 3, "not valid JSON")
plan("array.json", "[1, 2, 3]\n", 1, "a plan must be a JSON object")
plan("truncated.json", '{\n  "campaign": "x",\n  "conditions": [\n', 4, "not valid JSON")
# issue 26: what two JSON readers would read differently is refused (a key twice, a second value, a number a
# double cannot hold), each with its line
plan("duplicate-key.json", '{\n  "campaign": "x",\n  "predictions": {"size": {"min_increase": 0.4,\n    "min_increase": 0.9}}\n}\n', 4, "Duplicate field 'min_increase'")
plan("second-value.json", '{\n  "campaign": "x"\n}\n{"campaign": "y"}\n', 4, "content after the first JSON value")
plan("trailing-garbage.json", '{"campaign": "x"}\n\n\x1b[2J]\n', 3, "content after the first JSON value")
plan("number-1e400.json", '{\n  "campaign": "x",\n  "predictions": {"t": 1e400}\n}\n', 3, "predictions.t: the number 1e400 is out of the range of a double")
plan("number-underflow.json", '{\n  "predictions": {"t": 1e-400}\n}\n', 2, "the number 1e-400 is too small for a double")
plan("nan-literal.json", '{\n  "predictions": {"tolerance": NaN}\n}\n', 2, "not valid JSON")

# ---- data dictionaries ----
def dictionary(name, text, line, fragment):
    w("dictionaries/" + name, text)
    cases.append(("dictionaries/" + name, "dictionary", line, fragment))

dictionary("not-json.json", '{"resources": [\n', 2, "not valid JSON")
dictionary("no-events.json", '{"resources": [{"name": "ledger", "schema": {"fields": []}}]}\n', 0, "no resource named \"events\"")
fields = ",".join('{"name": "%s", "type": "integer", "unit": "ns"}' % c for c in H.split(",") if c != "recv_ns")
dictionary("events-lack-recv_ns.json", '{"resources": [{"name": "events", "schema": {"fields": [%s]}}, {"name": "ledger", "schema": {"fields": []}}]}\n' % fields, 0, "must declare column recv_ns")

# ---- ledgers: a campaign folder each, with one valid events file ----
EVENTS = good(*ROW)
SHA = hashlib.sha256(EVENTS.encode()).hexdigest()
LH = "run_id,condition,status,events_file,events_sha256,send_interval_ns"


def ledger(name, text, line, fragment, events=True):
    d = "ledgers/" + name
    shutil.rmtree(os.path.join(HERE, d), ignore_errors=True)
    w(d + "/ledger.csv", text)
    if events:
        w(d + "/events/r1.csv", EVENTS)
        if name.startswith("collide-"):  # each run its own events file (one file for two rows is refused)
            w(d + "/events/r2.csv", EVENTS)
    cases.append((d, "ledger", line, fragment))

ok1 = "r1,c1,ok,events/r1.csv,%s,1000000" % SHA
ledger("empty", "", 0, "empty file (0 bytes)")
ledger("lacks-sha-column", "run_id,condition,status,events_file\nr1,c1,ok,events/r1.csv\n", 1, "header lacks column events_sha256")
ledger("lacks-three-columns", "run_id,events_file\nr1,events/r1.csv\n", 1, "header lacks columns condition, status, events_sha256")
ledger("header-only", LH + "\n", 1, "no runs after the header")
ledger("duplicate-run_id", LH + "\n" + ok1 + "\n" + ok1 + "\n", 3, "duplicate run_id \"r1\" (first on line 2)")
ledger("unknown-status", LH + "\n" + ok1.replace(",ok,", ",done,") + "\n", 2, "status \"done\" is not ok, failed or aborted")
ledger("empty-run_id", LH + "\n" + ok1.replace("r1,c1", ",c1") + "\n", 2, "run_id is empty")
ledger("empty-condition", LH + "\n" + ok1.replace("r1,c1", "r1,") + "\n", 2, "condition is empty")
ledger("ok-without-events_file", LH + "\n" + ok1 + "\nr2,c1,ok,,%s,1000000\n" % SHA, 3, "an ok run needs an events_file")
ledger("events-file-missing", LH + "\n" + ok1 + "\n" + ok1.replace("r1", "r2") + "\n", 3, "events file events/r2.csv is missing")
ledger("sha-not-hex", LH + "\n" + ok1.replace(SHA, "XYZ") + "\n", 2, "events_sha256 is not 64 lower-case hex digits")
ledger("sha-differs", LH + "\n" + ok1.replace(SHA, "0" * 64) + "\n", 2, "events_sha256 does not match events/r1.csv")
ledger("ok-without-sha", LH + "\n" + ok1.replace(SHA, "") + "\n", 2, "an ok run needs an events_sha256")
ledger("too-few-fields", LH + "\n" + ok1 + "\nr2,c1,failed,\n", 3, "expected 6 fields, found 4")
ledger("interval-not-integer", LH + "\n" + ok1.replace(",1000000", ",1ms") + "\n", 2, "send_interval_ns is not an integer (\"1ms\")")
ledger("started-at-not-a-time", LH + ",started_at\n" + ok1 + ",2026-11-31T10:00:00Z\n", 2,
       "started_at is not a UTC time YYYY-MM-DDThh:mm:ss[.f]Z (UTC, 1 to 9 digits of fraction) (\"2026-11-31T10:00:00Z\")")
ledger("events-outside-campaign", LH + "\n" + ok1.replace("events/r1.csv", "../r1.csv") + "\n", 2, "lies outside the campaign folder")
ledger("unclosed-quote", LH + "\n" + ok1 + "\n\"r2,c1,ok,events/r1.csv,%s,1000000\n" % SHA, 3, "EOF reached before encapsulated token finished")
ledger("duplicate-header", LH + ",status\n" + ok1 + ",ok\n", 0, "not a valid CSV ledger")


# ---- hostile input (issue 14): one defect each, on top of the malformed classes above ----
# events: bounded reading, one gzip member, spans that fit in 64 bits, echoed data cut and inert
ev("blank-line-at-end.csv", good(ROW[0], ROW[1]) + "\n", 4, "blank line inside the data")
ev("blank-lines-after-one-row.csv", good(ROW[0]) + "\n" * 5000, 3, "blank line inside the data")
ev("gzip-trailing-garbage.csv.gz", None, 0, "bytes after the gzip member", raw=gz(good(*ROW)) + b"GARBAGE")
ev("gzip-trailing-zeros.csv.gz", None, 0, "bytes after the gzip member", raw=gz(good(*ROW)) + b"\0" * 512)
ev("gzip-two-members.csv.gz", None, 0, "bytes after the gzip member", raw=gz(good(ROW[0])) + gz(ROW[1] + "\n"))
ev("gzip-bad-method.csv.gz", None, 0, "corrupt gzip: unsupported compression method", raw=b"\x1f\x8b\x07" + gz(good(*ROW))[3:])
ev("gzip-header-only.csv.gz", None, 0, "truncated gzip", raw=gz(good(*ROW))[:10])
ev("overflow-flight.csv", good("0,-9223372036854775000,,9223372036854775000,5,6,7"), 2, "recv_ns - send_ns overflows 64 bits")
ev("overflow-displacement.csv", good("0,-9223372036854775000,9223372036854775000,,5,,"), 2, "ack_ns - send_ns overflows 64 bits")
ev("overflow-ack-span.csv", good("0,0,-9223372036854775000,9223372036854775000,5,6,7"), 2, "recv_ns - ack_ns overflows 64 bits")
ev("overflow-wall.csv", good("0,1,2,3,-9223372036854775000,9223372036854775000,7"), 2, "recv_us - send_us overflows 64 bits")
ev("overflow-omb.csv", good("0,1,2,3,4,9223372036854775000,-9223372036854775000"), 2, "floor(recv_us / 1000) - create_ms overflows 64 bits")
ev("megabyte-number.csv", good(ROW[0], "1," + "9" * 60000 + ",2,3,4,5,6"), 3, "send_ns is out of the 64-bit range (\"99999999999")
ev("line-too-long.csv", good(ROW[0], "1,2,3,4,5,6,7," + "8" * 70000), 3, "line longer than 65536 bytes")
ev("too-many-comment-lines.csv", "# comment\n" * 1001 + good(ROW[0]), 1001, "more than 1000 comment lines before the header")
ev("terminal-escape.csv", good("0,\x1b[2J\x1b[31mred,2,3,4,5,6"), 2, "send_ns is not an integer (\"\\x1b[2J\\x1b[31mred\")")
ev("bidi-override.csv", good("0,1\u202e2,2,3,4,5,6"), 2, "send_ns is not an integer (\"1\\u202e2\")")
ev("nul-byte.csv", good("0,1\x002,2,3,4,5,6"), 2, "send_ns is not an integer (\"1\\x002\")")
ev("arabic-digits.csv", good("0,\u0661\u0662,2,3,4,5,6"), 2, "send_ns is not an integer (\"\u0661\u0662\")")
ev("plus-sign.csv", good("0,+1,2,3,4,5,6"), 2, "send_ns is not an integer (\"+1\")")
ev("tex-in-cell.csv", good("0,\\input{/etc/passwd},2,3,4,5,6"), 2, "send_ns is not an integer (\"\\input{/etc/passwd}\")")
ev("cr-only-lines.csv", H + "\r" + ROW[0] + "\r" + ROW[1] + "\r", 1, "a carriage return without a line feed")

# plans
plan("deep-nesting.json", "[" * 5000 + "]" * 5000, 0, "not valid JSON: Document nesting depth")
plan("not-utf8.json", b'{"campaign": "\xff\xfe"}', 1, "not valid JSON")
plan("number-too-long.json", '{"a": ' + "1" * 5000 + "}", 0, "not valid JSON: Number value length")
plan("string.json", '"a plan"', 1, "a plan must be a JSON object")
plan("control-char.json", '{"a": "\x1b[2J"}', 1, "not valid JSON")

# ledgers: byte-order mark, line endings, whitelisted identifiers, strict numbers, collisions, hostile paths
ledger("bom", "\ufeff" + LH + "\n" + ok1 + "\n", 1, "starts with a UTF-8 byte-order mark")
ledger("cr-only", LH + "\r" + ok1 + "\r", 1, "a carriage return without a line feed")
ledger("cr-only-after-crlf", LH + "\r\n" + ok1 + "\r", 2, "a carriage return without a line feed")
ledger("not-utf8", (LH + "\n" + ok1 + "\n").encode() + b"\xff\n", 0, "not UTF-8 text")
ledger("control-char", LH + ",reason\n" + ok1 + ",\x1b[31mred\n", 2, "control character \\x1b in a text file")
def cond(name, c, fragment, column="condition"):
    row = ok1.replace("r1,c1", "r1," + ('"' + c.replace('"', '""') + '"' if any(ch in c for ch in ',"\n\r') else c))
    ledger(name, LH + "\n" + row + "\n", 2 + c.count("\n"), fragment)
cond("condition-space", "a b", "condition \"a b\" is not a safe identifier")
cond("condition-tex-input", "\\input{/etc/passwd}", "condition \"\\input{/etc/passwd}\" is not a safe identifier")
cond("condition-csname", "\\csname input\\endcsname", "is not a safe identifier")
cond("condition-write18", "\\immediate\\write18{touch pwned}", "is not a safe identifier")
cond("condition-caret-notation", "x^^5cinput", "condition \"x^^5cinput\" is not a safe identifier")
cond("condition-braces", "a}{b", "condition \"a}{b\" is not a safe identifier")
cond("condition-percent", "a%b", "condition \"a%b\" is not a safe identifier")
cond("condition-hash", "a#1", "condition \"a#1\" is not a safe identifier")
cond("condition-tilde", "a~b", "condition \"a~b\" is not a safe identifier")
cond("condition-dollar", "$x$", "condition \"$x$\" is not a safe identifier")
cond("condition-newline", "a\nb", "condition \"a\\x0ab\" is not a safe identifier")
cond("condition-unicode", "r\u00e9sum\u00e9", "condition \"r\u00e9sum\u00e9\" is not a safe identifier")
cond("condition-leading-dash", "-x", "condition \"-x\" is not a safe identifier")
cond("condition-leading-dot", ".x", "condition \".x\" is not a safe identifier")
cond("condition-too-long", "c" * 65, "is not a safe identifier")
cond("condition-megabyte", "c" * 100000, "(100000 characters)\" is not a safe identifier")
ledger("run_id-slash", LH + "\n" + ok1.replace("r1,c1", "a/b,c1") + "\n", 2, "run_id \"a/b\" is not a safe identifier")
def column(name, col, value, fragment):
    ledger(name, LH + "," + col + "\n" + ok1 + "," + value + "\n", 2, fragment)
column("priority-tex", "priority", "fifo\\relax", "priority \"fifo\\relax\" is not a safe identifier")
column("geometry-space", "geometry", "sh ared", "geometry \"sh ared\" is not a safe identifier")
column("acks-semicolon", "acks", "all;rm", "acks \"all;rm\" is not a safe identifier")
column("instrument-trailing-space", "instrument", "kafka ", "instrument \"kafka \" is not a safe identifier")
column("load-pct-nan", "load_measured_pct", "NaN", "load_measured_pct is not a finite number (\"NaN\")")
column("load-pct-infinity", "load_measured_pct", "Infinity", "load_measured_pct is not a finite number (\"Infinity\")")
column("load-pct-overflows-double", "load_measured_pct", "1e999", "load_measured_pct is not a finite number (\"1e999\")")
column("load-pct-hex", "load_measured_pct", "0x1p3", "load_measured_pct is not a finite number (\"0x1p3\")")
column("loadavg-space", "loadavg_start", " 1.5", "loadavg_start is not a finite number (\" 1.5\")")
column("load-pct-integer-space", "load_pct", "90 ", "load_pct is not an integer (\"90 \")")
column("payload-plus", "payload_bytes", "+100", "payload_bytes is not an integer (\"+100\")")
ledger("header-bad-name", LH + ",bad col\n" + ok1 + ",x\n", 1, "header column \"bad col\" is not a column name")
ledger("interval-zero", LH + "\n" + ok1.replace(",1000000", ",0") + "\n", 2, "send_interval_ns must be positive (\"0\")")
ledger("interval-negative", LH + "\n" + ok1.replace(",1000000", ",-1000000") + "\n", 2, "send_interval_ns must be positive (\"-1000000\")")
ledger("interval-overflow", LH + "\n" + ok1.replace(",1000000", ",99999999999999999999") + "\n", 2, "send_interval_ns is not an integer")
ledger("interval-space", LH + "\n" + ok1.replace(",1000000", ", 1000000") + "\n", 2, "send_interval_ns is not an integer (\" 1000000\")")
ledger("collide-key", LH + "\n" + ok1.replace("r1,c1", "r1,a.b") + "\n" + ok1.replace("r1,c1", "r2,a-b").replace("events/r1.csv", "events/r2.csv") + "\n", 3,
       "condition \"a-b\" collides with \"a.b\" (line 2): both make the registry key segment a-b")
ledger("collide-macro", LH + "\n" + ok1.replace("r1,c1", "r1,aB") + "\n" + ok1.replace("r1,c1", "r2,a_b").replace("events/r1.csv", "events/r2.csv") + "\n", 3,
       "condition \"a_b\" collides with \"aB\" (line 2): both make the macro words AB")
ledger("collide-digit-word", LH + "\n" + ok1.replace("r1,c1", "r1,s1") + "\n" + ok1.replace("r1,c1", "r2,sOne").replace("events/r1.csv", "events/r2.csv") + "\n", 3,
       "condition \"sOne\" collides with \"s1\" (line 2): both make the macro words SOne")
ledger("events-absolute", LH + "\n" + ok1.replace("events/r1.csv", "/etc/passwd") + "\n", 2, "lies outside the campaign folder")
ledger("events-dotdot-inside", LH + "\n" + ok1.replace("events/r1.csv", "events/../events/r1.csv") + "\n", 2, "lies outside the campaign folder")
ledger("events-backslash", LH + "\n" + ok1.replace("events/r1.csv", "events\\r1.csv") + "\n", 2, "not a safe relative path")
ledger("events-empty-part", LH + "\n" + ok1.replace("events/r1.csv", "events//r1.csv") + "\n", 2, "not a safe relative path")
ledger("sha-upper-case", LH + "\n" + ok1.replace(SHA, SHA.upper()) + "\n", 2, "events_sha256 is not 64 lower-case hex digits")
ledger("status-megabyte", LH + "\n" + ok1.replace(",ok,", ",ok" + "k" * 200000 + ",") + "\n", 2, "(200002 characters)\" is not ok, failed or aborted")
ledger("events-file-is-folder", LH + "\n" + ok1.replace("events/r1.csv", "events/dir.csv") + "\n", 0, "is a folder, not a file")
w("ledgers/events-file-is-folder/events/dir.csv/inside.txt", "a folder where an events file is expected\n")
cases[-1] = cases[-1] + ("data/events-file-is-folder/events/dir.csv",)

# issue 26: a value the reader accepted reached the analysis out of its range (exit 70); now refused at the reader
def ranged(name, column, value, line_fragment, extra_col="", extra_val=""):
    hdr = LH + "," + column + ("," + extra_col if extra_col else "")
    row = ok1 + "," + value + ("," + extra_val if extra_col else "")
    ledger(name, hdr + "\n" + row + "\n", 2, line_fragment)
ledger("events-file-twice", LH + "\n" + ok1 + "\n" + ok1.replace("r1,c1", "r2,c1") + "\n", 3,
       "events file events/r1.csv is named again (first on line 2)")
ranged("events-written-negative", "events_written", "-1", "events_written is out of its range [0, 2097152]")
ranged("clock-offset-max-long", "clock_offset_us", "9223372036854775807", "clock_offset_us is out of its range [-10000000, 10000000]")
ranged("clock-offset-min-long", "clock_offset_us", "-9223372036854775807", "clock_offset_us is out of its range [-10000000, 10000000]")
ranged("mismatch-negative", "create_ms_mismatch", "-1", "create_ms_mismatch is out of its range [0, 2097152]")
ranged("mismatch-above-events", "create_ms_mismatch", "7", "create_ms_mismatch (7) exceeds events_written (6)", "events_written", "6")
ranged("load-measured-above-100", "load_measured_pct", "1e3", "load_measured_pct is out of its range [0, 100]")

# ---- whole data roots: folder names, the data dictionary, the audit tables and texts ----
def root(name, files, line, fragment, file, command="list"):
    d = "roots/" + name
    shutil.rmtree(os.path.join(HERE, d), ignore_errors=True)
    for rel, data in files.items():
        w(d + "/" + rel, data)
    cases.append((d, "root", line, fragment, "data/" + file, command))

CAMP = {"c/ledger.csv": LH + "\n" + ok1 + "\n", "c/events/r1.csv": EVENTS}
def camp(folder):
    return {folder + "/ledger.csv": LH + "\n" + ok1 + "\n", folder + "/events/r1.csv": EVENTS}
root("campaign-name-space", camp("my campaign"), 0, "the name is not a safe file name", "my campaign")
# committed under its percent-encoded name (the archive tracks ASCII paths only); MalformedInputTest decodes it
root("campaign-name-unicode", camp("m%C3%B6de"), 0, "the name is not a safe file name", "m\u00f6de")
root("campaign-name-dot", camp("mode.a"), 0, "campaign folder name \"mode.a\" contains '.'", "mode.a")
root("campaign-name-dotfile", camp(".hidden"), 0, "the name is not a safe file name", ".hidden")
root("campaign-collide-macro", {**camp("mode-a"), **camp("modeA")}, 0, "campaign folder name \"modeA\" collides with \"mode-a\"", "modeA")
root("file-name-space", {**CAMP, "read me.txt": "notes\n"}, 0, "the name is not a safe file name", "read me.txt")
root("dictionary-loosens-interval", {**{"c/ledger.csv": LH + "\n" + ok1.replace(",1000000", ",abc") + "\n", "c/events/r1.csv": EVENTS},
     "datapackage.json": open(os.path.join(HERE, "../../../../../../data/datapackage.json")).read().replace('"name": "send_interval_ns", "type": "integer"', '"name": "send_interval_ns", "type": "string"')},
     2, "send_interval_ns is not an integer (\"abc\")", "c/ledger.csv")
root("dictionary-control-char", {**CAMP, "datapackage.json": '{"resources": [\x1b]}'}, 1, "not valid JSON", "datapackage.json")
root("plan-is-folder", {**CAMP, "c/plan.json/inside.txt": "x\n"}, 0, "is a folder, not a file", "c/plan.json")
root("ledger-is-folder", {"c/ledger.csv/inside.txt": "x\n"}, 0, "is a folder, not a file", "c/ledger.csv")
root("harnesses-control-char", {**CAMP, "audit/harnesses.csv": "harness,latency\nx\x1b]0;pwned\x07,y\n"}, 2, "control character \\x1b in a text file", "audit/harnesses.csv")
root("harnesses-unclosed-quote", {**CAMP, "audit/harnesses.csv": "harness,latency\n\"x,y\n"}, 0, "not a valid CSV", "audit/harnesses.csv")
root("harnesses-not-utf8", {**CAMP, "audit/harnesses.csv": b"harness,latency\n\xff,y\n"}, 0, "not UTF-8 text", "audit/harnesses.csv")
PUB = "label,system,median_ns,percentile,latency_kind,source,locator\n"
root("published-nan", {**CAMP, "audit/published-medians.csv": PUB + "a,b,NaN,50,c,d,e\n"}, 2, "median_ns is not a positive finite number (\"NaN\")", "audit/published-medians.csv")
root("published-infinity", {**CAMP, "audit/published-medians.csv": PUB + "a,b,Infinity,50,c,d,e\n"}, 2, "median_ns is not a positive finite number (\"Infinity\")", "audit/published-medians.csv")
root("published-negative", {**CAMP, "audit/published-medians.csv": PUB + "a,b,-5,50,c,d,e\n"}, 2, "median_ns is not a positive finite number (\"-5\")", "audit/published-medians.csv")
root("published-zero", {**CAMP, "audit/published-medians.csv": PUB + "a,b,0,50,c,d,e\n"}, 2, "median_ns is not a positive finite number (\"0\")", "audit/published-medians.csv")
root("published-hex", {**CAMP, "audit/published-medians.csv": PUB + "a,b,0x10,50,c,d,e\n"}, 2, "median_ns is not a positive finite number (\"0x10\")", "audit/published-medians.csv")
root("published-label-300k", {**CAMP, "audit/published-medians.csv": PUB + "x" * 300000 + ",b,5000,50,e2e,d,e\n"}, 2,
     "label is longer than 200 characters", "audit/published-medians.csv")
E2E = "Percentiles: 50th = " + "9" * 400 + ", 99th = 1\n"
root("demo-e2e-infinite", {**CAMP, "audit/demo/outputs/e2e-1.txt": "run 1\n" + E2E}, 2, "not a finite number", "audit/demo/outputs/e2e-1.txt")
PERF = "10 records sent, 1.0 records/sec (0.1 MB/sec), 1.2.3 ms avg latency, 5.0 ms max latency, 1 ms 50th\n"
root("demo-perf-two-points", {**CAMP, "audit/demo/outputs/perf-1.txt": PERF}, 1, "not a finite number (\"1.2.3\")", "audit/demo/outputs/perf-1.txt")
root("demo-e2e-20-digits", {**CAMP, "audit/demo/outputs/e2e-1.txt": "run 1\nPercentiles: 50th = " + "9" * 20 + ", 99th = 1\n"}, 2,
     "a latency above one day (\"" + "9" * 20 + "\" ms)", "audit/demo/outputs/e2e-1.txt")
root("demo-text-not-utf8", {**CAMP, "audit/demo/outputs/e2e-1.txt": b"\xc3\x28\n"}, 0, "not UTF-8 text", "audit/demo/outputs/e2e-1.txt")
root("demo-outputs-missing", {**CAMP, "audit/demo/demo-ledger.csv": "x\n"}, 0, "the demonstration has no outputs folder", "audit/demo/outputs")
# issue 26: plan numbers that decide a verdict, read through the strict accessors (ftl.data.JsonValue)
PAY = open(os.path.join(HERE, "../../../../../../data/payload/plan.json")).read()
REP = open(os.path.join(HERE, "../../../../../../data/replay/plan.json")).read()
def planned(folder, plan_text):
    return {folder + "/ledger.csv": LH + "\n" + ok1 + "\n", folder + "/events/r1.csv": EVENTS, folder + "/plan.json": plan_text}
TOL = '"tolerance": 0.02'
PAYLINE = PAY[:PAY.index(TOL)].count("\n") + 1
root("payload-tolerance-infinity", planned("payload", PAY.replace(TOL, '"tolerance": "Infinity"')), PAYLINE,
     "predictions.mechanism_tolerance.tolerance: must be a number, not the string \"Infinity\"", "payload/plan.json")
root("payload-tolerance-nan", planned("payload", PAY.replace(TOL, '"tolerance": "NaN"')), PAYLINE,
     "must be a number, not the string \"NaN\"", "payload/plan.json")
root("payload-tolerance-hex", planned("payload", PAY.replace(TOL, '"tolerance": "0x1p-1"')), PAYLINE,
     "must be a number, not the string \"0x1p-1\"", "payload/plan.json")
root("payload-tolerance-above-one", planned("payload", PAY.replace(TOL, '"tolerance": 2')), PAYLINE,
     "predictions.mechanism_tolerance.tolerance: must be in [0, 1] (was 2)", "payload/plan.json")
PH = '"phase_us": 200, "min_increase"'
root("payload-phase-wraps", planned("payload", PAY.replace(PH, '"phase_us": 1' + "0" * 30 + ', "min_increase"')),
     PAY[:PAY.index(PH)].count("\n") + 1, "predictions.size.phase_us: must be an integer in [0, 999] (was 1" + "0" * 30 + ")", "payload/plan.json")
root("payload-duplicate-key", planned("payload", PAY.replace(TOL, TOL + ', "tolerance": 1')), PAYLINE,
     "Duplicate field 'tolerance'", "payload/plan.json")
RTOL = '"tolerance": 0.05'
root("replay-tolerance-infinity", planned("replay", REP.replace(RTOL, '"tolerance": "Infinity"', 1)), REP[:REP.index(RTOL)].count("\n") + 1,
     "predictions.mode_b_smooth_limit.tolerance: must be a number, not the string \"Infinity\"", "replay/plan.json")
root("replay-tolerance-1e400", planned("replay", REP.replace(RTOL, '"tolerance": 1e400', 1)), REP[:REP.index(RTOL)].count("\n") + 1,
     "the number 1e400 is out of the range of a double", "replay/plan.json")
root("plan-escape-in-string", planned("c", '{"campaign": "c", "description": "\\u001b]0;pwned\\u0007",\n "predictions": 1}\n{}\n'), 3,
     "content after the first JSON value", "c/plan.json")

def collide_fixed(name, condition, fragment):
    files = {"total/ledger.csv": LH + "\n" + ok1.replace("r1,c1", "r1," + condition) + "\n", "total/events/r1.csv": EVENTS}
    d = "roots/" + name
    shutil.rmtree(os.path.join(HERE, d), ignore_errors=True)
    for rel, data in files.items():
        w(d + "/" + rel, data)
    cases.append((d, "root", 0, fragment, "data", "list"))
collide_fixed("registry-key-collision", "modeA", "registry keys or macros: duplicate quantity key runs.total.modeA")
collide_fixed("registry-macro-collision", "mode-A", "registry keys or macros: macro \\RunsTotalModeA used by runs.total.modeA and runs.total.mode-A")
root("digest-deep-folders", {**CAMP, "audit/" + "/".join("d%d" % i for i in range(10)) + "/x.txt": "deep\n"}, 0,
     "folders nested deeper than 8 levels", "audit/" + "/".join("d%d" % i for i in range(8)), command="reproduce")
root("digest-unsafe-name-deep", {**CAMP, "audit/notes/draft (1).txt": "x\n"}, 0, "the name is not a safe file name", "audit/notes/draft (1).txt", command="reproduce")

with open(os.path.join(HERE, "cases.csv"), "w", newline="") as f:
    f.write("# Malformed-input corpus (synthetic, written by make_corpus.py): one defect per case.\n")
    f.write("# reader: events | plan | dictionary | ledger (a campaign folder) | root (a whole data root); line 0 = the file as a whole.\n")
    f.write("# file: what the message names (default: the case's own file); command: the ftl command (default: list --json).\n")
    wr = csv.writer(f, lineterminator="\n")
    wr.writerow(["path", "reader", "line", "message", "file", "command"])
    for c in cases:
        c = tuple(c) + ("",) * (6 - len(c))
        wr.writerow(c)
print(len(cases), "cases")
