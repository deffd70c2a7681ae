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
ledger("events-outside-campaign", LH + "\n" + ok1.replace("events/r1.csv", "../r1.csv") + "\n", 2, "lies outside the campaign folder")
ledger("unclosed-quote", LH + "\n" + ok1 + "\n\"r2,c1,ok,events/r1.csv,%s,1000000\n" % SHA, 3, "EOF reached before encapsulated token finished")
ledger("duplicate-header", LH + ",status\n" + ok1 + ",ok\n", 0, "not a valid CSV ledger")

with open(os.path.join(HERE, "cases.csv"), "w", newline="") as f:
    f.write("# Malformed-input corpus (synthetic, written by make_corpus.py): one defect per case.\n")
    f.write("# reader: events | plan | dictionary | ledger (a campaign folder); line 0 = the file as a whole.\n")
    wr = csv.writer(f, lineterminator="\n")
    wr.writerow(["path", "reader", "line", "message"])
    for c in cases:
        wr.writerow(c)
print(len(cases), "cases")
