"""Self-test of the no-JVM cross-check (stdlib unittest).

Run from the repository root:  python3 -m unittest discover -s src/test/python
"""
import csv
import gzip
import hashlib
import io
import os
import sys
import tempfile
import unittest
from fractions import Fraction

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "main", "python"))
import nojvm_gridcheck as g  # noqa: E402

US, MS = 1_000, 1_000_000


class ReducedFraction(unittest.TestCase):
    def test_intervals_of_the_plan(self):
        cases = {"1ms": (1, 1), "2ms": (2, 1), "500us": (1, 2), "250us": (1, 4),
                 "1250us": (5, 4), "700us": (7, 10), "333us": (333, 1000)}
        for label, (a, b) in cases.items():
            frac = g.reduced_fraction(g.parse_duration(label))
            self.assertEqual((frac.numerator, frac.denominator), (a, b), label)

    def test_parse_duration(self):
        self.assertEqual(g.parse_duration("1250us"), 1_250_000)
        self.assertEqual(g.parse_duration("500ns"), 500)
        self.assertEqual(g.parse_duration("2ms"), 2_000_000)
        with self.assertRaises(ValueError):
            g.parse_duration("1.5ms")


class Guard(unittest.TestCase):
    def test_same_tick_is_zero_and_dropped(self):
        self.assertEqual(g.guard_m(recv_us=1_000_999, create_ms=1000), 0)

    def test_next_tick_is_kept(self):
        self.assertEqual(g.guard_m(recv_us=1_001_000, create_ms=1000), 1)

    def test_one_tick_negative(self):
        self.assertEqual(g.guard_m(recv_us=999_999, create_ms=1000), -1)


class GridLaw(unittest.TestCase):
    def test_grid_phases_of_700us(self):
        self.assertEqual(sorted(p // US for p in g.grid_phases(700 * US, 0)), list(range(0, 1000, 100)))

    def test_b1_all_or_nothing(self):
        # phase 990 us + 20 us crosses the tick; phase 900 us + 20 us does not
        self.assertEqual(g.grid_prediction(MS, 990 * US, [20 * US])[0], 1)
        self.assertEqual(g.grid_prediction(MS, 900 * US, [20 * US])[0], 0)

    def test_500us(self):
        # phases {0, 500} + 100 us: none crosses; phases {450, 950} + 100 us: one of two
        self.assertEqual(g.grid_prediction(500 * US, 0, [100 * US])[0], 0)
        self.assertEqual(g.grid_prediction(500 * US, 450 * US, [100 * US])[0], Fraction(1, 2))

    def test_250us_and_1250us(self):
        # phases {0, 250, 500, 750}: with L = 300 us only 750 crosses
        self.assertEqual(g.grid_prediction(250 * US, 0, [300 * US])[0], Fraction(1, 4))
        self.assertEqual(g.grid_prediction(1250 * US, 0, [300 * US])[0], Fraction(1, 4))

    def test_700us(self):
        # phases 0, 100, ..., 900 us: L = 150 us keeps 900; L = 250 us keeps 800 and 900
        self.assertEqual(g.grid_prediction(700 * US, 0, [150 * US])[0], Fraction(1, 10))
        self.assertEqual(g.grid_prediction(700 * US, 0, [250 * US])[0], Fraction(2, 10))

    def test_flight_of_a_whole_quantum_is_always_kept(self):
        self.assertEqual(g.grid_prediction(500 * US, 0, [MS])[0], 1)

    def test_smooth_uses_the_jitter(self):
        # b = 1 at 900 us: flights 50 us (lost) and 150 us (kept) -> one half
        grid, smooth = g.grid_prediction(MS, 900 * US, [50 * US, 150 * US])
        self.assertAlmostEqual(smooth, 0.5)
        # a send lag of 60 us moves the 50 us flight's send to 960 us: now kept
        grid, smooth = g.grid_prediction(MS, 900 * US, [50 * US, 150 * US], lags_ns=[60 * US, 0])
        self.assertAlmostEqual(smooth, 1.0)

    def test_fit_phase0(self):
        offset = 1_700_000_000_000_123_456                       # wall - monotonic
        intended = [5 * MS + i * 700 * US for i in range(20)]
        send_ns = [t + 300 for t in intended]
        send_us = [(t + offset) // 1000 for t in send_ns]
        phase = g.fit_phase0(intended, send_ns, send_us)
        self.assertLess(abs(phase - (intended[0] + offset) % MS), 1000)


class EndToEnd(unittest.TestCase):
    def test_tiny_run_and_resume(self):
        with tempfile.TemporaryDirectory() as out:
            args = ["--interval", "1ms", "--events", "50", "--warmup", "10", "--out", out, "--run-id", "tiny"]
            g.main(args)
            with open(os.path.join(out, "ledger.csv"), newline="") as f:
                rows = list(csv.DictReader(f))
            self.assertEqual(len(rows), 1)
            row = rows[0]
            for col in ("run_id", "condition", "status", "events_file", "events_sha256", "reason", "instrument",
                        "omb_taken", "omb_kept", "omb_zero", "omb_negative", "omb_one_tick_negative",
                        "loadavg_start", "clocksource", "git_commit", "started_at", "first_send_phase_us"):
                self.assertIn(col, row)
            self.assertEqual((row["status"], row["instrument"]), ("ok", "python-nojvm"))
            self.assertTrue(row["started_at"].endswith("Z"))
            path = os.path.join(out, row["events_file"])
            with open(path, "rb") as f:
                blob = f.read()
            self.assertEqual(hashlib.sha256(blob).hexdigest(), row["events_sha256"])
            lines = gzip.decompress(blob).decode().splitlines()
            self.assertTrue(lines[0].startswith("seq,send_ns,ack_ns,recv_ns,send_us,recv_us,create_ms"))
            events = list(csv.DictReader(io.StringIO("\n".join(lines))))
            self.assertEqual([int(e["seq"]) for e in events], list(range(50)))
            self.assertTrue(all(e["ack_ns"] == "" for e in events))
            delivered = [e for e in events if e["recv_ns"]]
            self.assertEqual(int(row["omb_taken"]), len(delivered))
            m = [g.guard_m(int(e["recv_us"]), int(e["create_ms"])) for e in delivered]
            self.assertEqual(int(row["omb_kept"]), sum(x > 0 for x in m))
            self.assertTrue(all(int(e["recv_ns"]) >= int(e["send_ns"]) for e in delivered))
            # resume: an orphan temp file is deleted and the run is not repeated
            open(os.path.join(out, "events", "orphan.csv.gz.tmp"), "w").close()
            g.main(args)
            self.assertFalse(os.path.exists(os.path.join(out, "events", "orphan.csv.gz.tmp")))
            with open(os.path.join(out, "ledger.csv"), newline="") as f:
                self.assertEqual(len(list(csv.DictReader(f))), 1)


if __name__ == "__main__":
    unittest.main()
