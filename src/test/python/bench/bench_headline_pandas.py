#!/usr/bin/env python3
"""A straightforward pandas computation of the headline counts (issue 5 benchmark baseline).

For every ok run of the Kafka instrument under DATA (default data/), read its events file with pandas and
count: runs, runs rejected by the sign check (any A = recv_ns - ack_ns < 0), events with all three
monotonic stamps, negative A, negative flights, and the guard's kept / dropped / one-tick negatives
(M = floor(recv_us / 1000) - create_ms). Prints the counts and the wall time, so they can be set beside
`./ftl list --json` (which computes every quantity) on the same files.
    /usr/bin/python3 src/test/python/bench/bench_headline_pandas.py [DATA]
"""
import glob, os, sys, time
import pandas as pd

def main(root="data"):
    t0 = time.perf_counter()
    runs = rejected = events = neg_a = neg_t = kept = dropped = one_tick = 0
    for ledger in sorted(glob.glob(os.path.join(root, "*", "ledger.csv"))):
        led = pd.read_csv(ledger, dtype=str, keep_default_na=False)
        if "instrument" in led.columns:
            led = led[(led["instrument"] == "") | (led["instrument"] == "kafka")]
        led = led[led["status"] == "ok"]
        for f in led["events_file"]:
            ev = pd.read_csv(os.path.join(os.path.dirname(ledger), f), comment=None)
            complete = ev.dropna(subset=["ack_ns", "recv_ns"])
            a = complete["recv_ns"] - complete["ack_ns"]
            t = complete["recv_ns"] - complete["send_ns"]
            delivered = ev.dropna(subset=["recv_us", "create_ms"])
            m = (delivered["recv_us"] // 1000) - delivered["create_ms"]
            runs += 1
            rejected += int((a < 0).any())
            events += len(complete)
            neg_a += int((a < 0).sum())
            neg_t += int((t < 0).sum())
            kept += int((m > 0).sum())
            dropped += int((m <= 0).sum())
            one_tick += int((m == -1).sum())
    dt = time.perf_counter() - t0
    print(f"runs {runs} rejected {rejected} events {events} ackNegative {neg_a} sendNegative {neg_t} "
          f"kept {kept} dropped {dropped} oneTick {one_tick}")
    print(f"pandas {pd.__version__}: {dt:.2f} s")

if __name__ == "__main__":
    main(*sys.argv[1:])
