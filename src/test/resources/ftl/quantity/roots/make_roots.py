#!/usr/bin/env python3
"""Writes the synthetic data roots of the registry tests (synthetic, never measurements).

Each root is a folder acting as a data root (campaign folders modeA, modeB, payload, nojvm, and audit/):
  full       every branch with data: collapse strata of each kind, manipulations refused, grid-law
             disagreements, a wall-clock step, a pre-registered payload plan, the no-JVM cross-check, audit.
  bare       every campaign present but nothing delivered (and the single modeA run refused): every
             "no run delivered" / "no stratum" / "rho undefined" reason; payload without a plan.
  minimal    no campaign; audit/demo without ftl-ledger.csv and with outputs that print no figure.
  clashkey   conditions "a.b" and "a-b" slug to the same key: bad data, naming the ledger line.
  clashmacro conditions "aB" and "a-b" spell the same macro: bad data, naming the ledger line.
  mixed      one campaign holding a Kafka run and a no-JVM run of the same condition.
  iso        the isolation campaign alone: every collapse factor of its four strata, an infinite upper bound.
  isonone    the isolation campaign without a negative and without a confined run: nothing is finite.
  replay     the replay campaign: replay conditions against held-out smooth-limit predictions from the controls,
             one that misses its tolerance, the burst ratio with an infinite and a finite bootstrap bound.
  replaynone the replay campaign with nothing delivered where it matters: every replay entry unavailable.
  newc       the campaigns of issue 13: clockoffset (with the modeB flights its predictions use), fifojvm and
             delivery, a few runs each, every answer worked out in the ledger's header.
  onedlaw    a sign campaign whose runs' flights differ: the 1/D law's slope, bands and a crossover in the data.
  confirm    the confirmatory campaign in blocks: block-level means, t intervals and ratios, the plan's exclusion rule,
             grid-law and one-tick errors against the plan's numbers, a block without a value, a run without a block.
  confirmnone the confirmatory campaign with one block: no interval anywhere, a skill without a block, no exclusion.
  setting    the setting campaign (issue #44): run design crossed with priority in three blocks, the design x priority
             interaction (a ratio of per-block ratios), an exclusion on the exact contention measure other_run_pct while
             the tick-sampled other_cpu_pct reads high, two boots.
  cluster    the replicated cluster campaign (issue #46): ISR columns, an ISR change excluded by the plan's rule, an ISR not
             full at the start, the cluster's start time per lifetime.
  clusternone the cluster campaign with one run that recorded neither its start time nor its ISR.
  systems    a campaign on RabbitMQ in blocks (system rabbitmq), its exclusion rule on other tasks' CPU, a failed run, and a
             Kafka campaign beside it.
Every event has flight T = recv_ns - send_ns, displacement D = ack_ns - send_ns and A = T - D; the send
phase is send_us mod 1000 and create_ms = floor(send_us / 1000) unless an event says otherwise, so the guard
keeps an event (M = floor(recv_us / 1000) - create_ms > 0) iff phase + T/1000 >= 1000 us.
Run from this folder:  python3 make_roots.py   (deterministic: re-running leaves git clean)
"""
import hashlib, json, os, shutil

HERE = os.path.dirname(os.path.abspath(__file__))
H = "seq,send_ns,ack_ns,recv_ns,send_us,recv_us,create_ms"
FIELDS = ["priority", "geometry", "load_pct", "acks", "send_interval_ns", "priority_applied", "geometry_applied",
          "load_applied", "payload_bytes", "start_phase_us", "instrument", "events_written", "warmup_events",
          "pacing_lag_p99_ns", "send_lag_p99_ns", "loadavg_start", "loadavg_end", "broker_cpus", "load_measured_pct",
          "first_send_phase_us", "clock_offset_us", "started_at", "duration_ms", "other_cpu_pct", "git_commit"]


def ev(seq, d, t, phase, create_off=0, wall=None, recv=True, ack=True):
    """One event: D = d ns, T = t ns, send phase `phase` us; create_ms shifted by create_off; wall = recv_us - send_us."""
    send_ns = 1_000_000_000 + seq * 1_000_000
    send_us = 1_700_000_000_000_000 + seq * 1000 + phase
    create = str(send_us // 1000 + create_off) if recv else ""
    a = str(send_ns + d) if ack else ""
    r = str(send_ns + t) if recv else ""
    ru = str(send_us + (t // 1000 if wall is None else wall)) if recv else ""
    return f"{seq},{send_ns},{a},{r},{send_us},{ru},{create}"


def write(path, text):
    p = os.path.join(HERE, path)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def campaign(root, name, runs, header, plan=None, fields=None, events_header=H):
    """runs: (run_id, condition, status, comment, events or None, fields dict)."""
    fields_list = FIELDS + (fields or [])
    lines = ["# " + l for l in header.split("\n")]
    lines.append("run_id,condition,status,events_file,events_sha256," + ",".join(fields_list))
    for run_id, cond, status, comment, events, fields in runs:
        ef, sha = "", ""
        if events is not None:
            text = "".join("# " + l + "\n" for l in comment.split("\n")) + events_header + "\n" + "\n".join(events) + "\n"
            ef = f"events/{run_id}.csv"
            write(f"{root}/{name}/{ef}", text)
            sha = hashlib.sha256(text.encode("utf-8")).hexdigest()
        lines.append(",".join([run_id, cond, status, ef, sha] + [fields.get(f, "") for f in fields_list]))
    write(f"{root}/{name}/ledger.csv", "\n".join(lines) + "\n")
    if plan is not None:
        write(f"{root}/{name}/plan.json", json.dumps(plan, indent=1) + "\n")


def a_fields(prio, geom, load, acks="1", interval="1000000", refused=None, load_applied="applied"):
    f = {"priority": prio, "geometry": geom, "load_pct": load, "acks": acks, "send_interval_ns": interval,
         "priority_applied": "applied", "geometry_applied": "applied", "load_applied": load_applied}
    if refused:
        f[refused + "_applied"] = "refused"
    return f


T = 400_000  # every modeA flight is 400 us, so A = 400 us - D and pooled rho(D, A) = -1 inside the window


def a_run(run_id, ds, fields, note):
    """A modeA run: one complete event per D (phase 700: every event kept), T = 400 us."""
    neg = sum(1 for d in ds if d > T)
    comment = (f"Synthetic modeA run {run_id} ({note}). T = 400 us for every event, D = {[d // 1000 for d in ds]} us,"
               f" so {neg} of {len(ds)} events have A = T - D < 0. Phase 700 us: the guard keeps every event.")
    return (run_id, "c-" + run_id, "ok", comment, [ev(i, d, T, 700) for i, d in enumerate(ds)], fields)


def full():
    root = "full"
    runs = [
        a_run("d1", [100_000, 500_000, 600_000, 200_000], a_fields("default", "shared", "0"), "stratum shared/0/1/1ms, default"),
        a_run("f1", [100_000, 200_000, 300_000, 500_000], a_fields("fifo", "shared", "0"), "stratum shared/0/1/1ms, fifo"),
        a_run("d2", [100_000, 200_000, 300_000, 700_000], a_fields("default", "split", "0", load_applied=""), "stratum split/0/1/1ms, default, load_applied empty"),
        a_run("d2b", [100_000, 200_000, 300_000, 100_000], a_fields("default", "split", "0"), "stratum split/0/1/1ms, default, no negative"),
        a_run("f2", [100_000, 300_000, 500_000, 200_000], a_fields("fifo", "split", "0"), "stratum split/0/1/1ms, fifo"),
        a_run("d3", [100_000, 200_000, 300_000, 100_000], a_fields("default", "shared", "50"), "stratum shared/50/1/1ms, default, no negative"),
        a_run("f3", [200_000, 200_000], a_fields("fifo", "shared", "50"), "stratum shared/50/1/1ms, fifo, no negative, constant D: own rho undefined"),
        a_run("d4", [6_000_000, 100_000, 200_000], a_fields("default", "split", "50", "all", "500000"), "stratum split/50/all/500us, default only; first pair D = 6 ms lies outside the rho window"),
        a_run("d5", [100_000, 500_000], a_fields("default", "split", "50"), "stratum split/50/1/1ms, default"),
        a_run("f5a", [500_000, 100_000], a_fields("fifo", "split", "50"), "stratum split/50/1/1ms, fifo"),
        a_run("f5b", [100_000, 200_000], a_fields("fifo", "split", "50"), "stratum split/50/1/1ms, fifo, no negative"),
        a_run("f6", [200_000, 200_000], a_fields("fifo", "shared", "50", "all", "250000"), "stratum shared/50/all/250us, fifo only; constant D: own rho undefined"),
        ("x1", "c-x1", "ok", "Synthetic modeA run x1: priority refused; one event acknowledged (D = 100 us), never delivered.",
         [ev(0, 100_000, T, 700, recv=False)], a_fields("default", "shared", "0", refused="priority")),
        a_run("x2", [100_000], a_fields("default", "shared", "0", refused="geometry"), "geometry refused"),
        a_run("x3", [100_000], a_fields("default", "shared", "0", refused="load"), "load refused"),
        ("z1", "c-d1", "failed", "", None, a_fields("default", "shared", "0")),
    ]
    campaign(root, "modeA", runs, """Synthetic modeA (sign) campaign, hand-computed answers:
ok runs 15 (z1 failed), refused 3 (x1 priority, x2 geometry, x3 load).
collapse per stratum (pooled default rate over fifo rate): shared/0/1/1ms (2/4)/(1/4) = 2.0, interval [2.0, 2.0];
split/0/1/1ms (1/8)/(1/4) = 0.5; shared/50/1/1ms 0/0 BOTH_NO_NEGATIVES; split/50/1/1ms (1/2)/(1/4) = 2.0, lower 1.0,
upper not finite (a resample of f5b twice has no negative); split/50/all/500us and shared/50/all/250us lack one priority.
range 0.5 to 2.0 over 3 strata, 1 undefined. geometry ratio (default, load 0): shared (2/4) over split (1/8) = 4.0,
lower 2.0, upper not finite. load ratio: no default run at load 90, NUMERATOR_NO_EVENTS.
negative A: 2 + 1 + 1 + 1 + 1 + 1 + 1 = 8 (d1, f1, d2, f2, d4, d5, f5a).
rho(D, A) = -1 (T constant), 1 pair outside the window (d4), runs with undefined own rho: f3, f6, x1, x2, x3 = 5.
median over runs of run median D: 200 us (x1 has none); median flight 400 us.""")

    b = lambda interval, **led: {"send_interval_ns": interval, "priority": "default", **led}
    runs = [
        ("b1", "s1ms", "ok", "Synthetic modeB run b1: T = 400 us, phases 700, 100, 800, 200 us: M = 1, 0, 1, 0; kept 2 of 4, grid law agrees 4 of 4.",
         [ev(0, 100_000, T, 700), ev(1, 100_000, T, 100), ev(2, 100_000, T, 800), ev(3, 100_000, T, 200)],
         b("1000000", events_written="4", warmup_events="2", pacing_lag_p99_ns="1000", loadavg_start="0.5", loadavg_end="1.25",
           first_send_phase_us="700", started_at="2026-01-01T00:00:00Z")),
        ("b2", "s1ms", "ok", "Synthetic modeB run b2: T = 1400 us, phases 700, 700, 100 us: M = 2, 2, 1; kept 3 of 3, guard median 2 ms.",
         [ev(0, 100_000, 1_400_000, 700), ev(1, 100_000, 1_400_000, 700), ev(2, 100_000, 1_400_000, 100)],
         b("1000000", events_written="3", warmup_events="2", pacing_lag_p99_ns="3000", loadavg_start="0.75", loadavg_end="0.5",
           first_send_phase_us="700", clock_offset_us="0")),
        ("b3", "s1ms", "ok", "Synthetic modeB run b3: one event acknowledged, never delivered (taken 0).",
         [ev(0, 100_000, T, 700, recv=False)], b("1000000", events_written="1", warmup_events="2", pacing_lag_p99_ns="2000",
                                                   first_send_phase_us="700")),
        ("b4", "s1250us", "ok", """Synthetic modeB run b4: T = 400 us.
event 0: phase 700, M = 1 kept, predicted kept.
event 1: phase 990, CreateTime 1 ms late: M = 0 dropped, predicted kept (disagrees).
event 2: phase 995, wall clock stepped back (recv_us = send_us - 5), CreateTime 1 ms late: M = -1 one-tick negative,
predicted kept (disagrees); the microsecond wall-clock guard drops it. Kept 1 of 3; wall clock keeps 2 of 3.""",
         [ev(0, 100_000, T, 700), ev(1, 100_000, T, 990, create_off=1), ev(2, 100_000, T, 995, create_off=1, wall=-5)],
         b("1250000", first_send_phase_us="700")),
        ("b5", "nointerval", "ok", "Synthetic modeB run b5: no send_interval_ns in the ledger; one event neither acknowledged nor delivered.",
         [ev(0, 0, 0, 700, recv=False, ack=False)], b("")),
    ]
    campaign(root, "modeB", runs, """Synthetic modeB (retention) campaign, hand-computed answers:
retention per run b1 1/2, b2 1, b4 1/3 (b3, b5 deliver nothing): min 33.33%, max 100%.
dropped 2 + 2 = 4, one-tick negatives 1. Grid law agrees 4 + 3 + 1 = 8 of 10 delivered events: 80.00%.
guard median per run b1 1 ms, b2 2 ms, b4 1 ms: max 2 ms, min 1 ms. wall-clock retention min 2/3 = 66.67%.
held-out grid law (leave one run out; b1, b2, b3 carry first_send_phase_us 700, b4 and b5 have no events_written or
interval (b4 has a first phase but no events_written), so they are untested with b3, which delivers nothing: 3 untested): b1 predicted from b2's flights (1400 us)
at phase 700 of s = 1 ms: every flight reaches the tick 300 us away, 1.0 against 0.5 observed (error 0.5); b2 from b1's
flights (400 us >= 300 us): 1.0 against 1.0 (error 0). 2 runs, median |error| 25.00%, within 5%: 1 of 2 = 50.00%:
did not hold. Own flights unpaired: the same, median 25.00%. b = 1 for both; condition s1ms median 25.00%.
condition s1ms: 3 runs, b = 1, retention min 50%, median 75%, max 100%, flight median (400 + 1400)/2 = 900 us,
agreement 7 of 7, negative-A rate 0 of 7. condition s1250us: b = 4 (1.25 ms / 1 ms = 5/4).
condition nointerval: b unavailable, nothing delivered, no complete event.
ledger summary: 5 ok runs, 3 conditions, 1 to 3 runs per condition; events_written 4, 3, 1 (b4, b5 empty): 1 to 4;
warm-up 2; pacing lag p99 1000, 3000, 2000 ns: median 2 us; load average largest 1.25.""")

    p = lambda payload, phase: {"payload_bytes": str(payload), "start_phase_us": str(phase), "priority": "default"}
    runs = [
        ("p1", "pb100-ph700", "ok", "Synthetic payload run p1: T = 400 us, phases 700, 100: kept 1 of 2 (retention 0.5), grid law agrees.",
         [ev(0, 100_000, T, 700), ev(1, 100_000, T, 100)], p(100, 700)),
        ("p2", "pb1000-ph700", "ok", "Synthetic payload run p2: T = 400 us, phases 700, 800: kept 2 of 2 (retention 1), grid law agrees.",
         [ev(0, 100_000, T, 700), ev(1, 100_000, T, 800)], p(1000, 700)),
        ("p3", "pb100-ph100", "ok", "Synthetic payload run p3: T = 400 us, phases 700, 800: kept 2 of 2 (retention 1), grid law agrees.",
         [ev(0, 100_000, T, 700), ev(1, 100_000, T, 800)], p(100, 100)),
        ("p4", "pb1000-ph100", "ok", "Synthetic payload run p4: T = 400 us, phases 700, 800; the second CreateTime 1 ms late (M = 0):\nobserved 1 of 2 (0.5), predicted 2 of 2 (1.0): off the prediction by 0.5.",
         [ev(0, 100_000, T, 700), ev(1, 100_000, T, 800, create_off=1)], p(1000, 100)),
        ("p5", "pb100-ph900", "ok", "Synthetic payload run p5: one event never delivered (taken 0, no grid-law event).",
         [ev(0, 100_000, T, 900, recv=False)], p(100, 900)),
        ("p6", "pb100-ph900b", "ok", "Synthetic payload run p6: T = 400 us, phase 900: kept 1 of 1, grid law agrees.",
         [ev(0, 100_000, T, 900)], p(100, 900)),
    ]
    plan = {"predictions": {"mechanism_tolerance": {"tolerance": 0.1, "share_of_runs": 0.6},
                            "direction": {"phase_us": 700}, "size": {"phase_us": 700, "min_increase": 0.4},
                            "control": {"phase_us": 900, "min_retention": 0.9}}}
    campaign(root, "payload", runs, """Synthetic payload campaign, hand-computed answers with its plan.json:
within tolerance 0.1 of the grid law: p1, p2, p3, p6 (p4 is off by 0.5, p5 has no event): 4 of 6 = 66.67% >= 0.6: held.
phase 700: medians {100 B: 0.5, 1000 B: 1.0}: direction held, size increase 0.50 >= 0.4 held.
phase 100: medians {100 B: 1.0, 1000 B: 0.5}: decreasing. phase 900: {100 B: 1.0} (p5 delivers nothing): control min 1.00, held.""",
             plan)

    n = {"instrument": "python-nojvm", "send_interval_ns": "1000000"}
    runs = [
        ("n1", "s1ms", "ok", "Synthetic no-JVM run n1: T = 400 us, phases 700, 100: kept 1 of 2, grid law agrees 2 of 2.",
         [ev(0, 100_000, T, 700), ev(1, 100_000, T, 100)], {**n, "send_lag_p99_ns": "5000"}),
        ("n2", "s1ms", "ok", "Synthetic no-JVM run n2: one event never delivered.", [ev(0, 100_000, T, 700, recv=False)], n),
    ]
    campaign(root, "nojvm", runs, """Synthetic no-JVM cross-check (instrument python-nojvm), hand-computed answers:
2 ok runs, 2 delivered events, retention min = max = 50%, grid-law agreement 100%.
ledger summary: send lag p99 5000 ns (n1 only): median 5 us; no events_written, warm-up or load average.""")

    write(f"{root}/audit/harnesses.csv", """harness,latency,zero_difference,negative_difference,drops_counted
A,e2e,dropped,kept,no
B,e2e,kept,dropped,no
C,e2e,kept,kept,no
D,e2e,dropped,kept,yes
""")
    write(f"{root}/audit/published-medians.csv", """label,median_ns,percentile,latency_kind,source
Broker X,100000,p50,end-to-end,synthetic source 1
Broker Y,1000000,p50,end-to-end,synthetic source 2
""")
    write(f"{root}/audit/README.md", "Synthetic audit table (4 harness rows, 2 silently dropping: A, B) and two published medians\n"
          "(100 us lies below the 200 us crossover of modeA's median displacement, 1 ms does not: D/T = 2.00 and 0.200).\n"
          "demo/outputs: EndToEndLatency p50 3 and 5 ms (the last line of e2e-2 counts), avg 2.5 ms (e2e-2 prints none);\n"
          "ProducerPerformance avg 1.5 ms, p50 2 ms; our instrument: run o1 median flight 400 us, o2 delivers nothing.\n")
    write(f"{root}/audit/demo/outputs/e2e-1.txt", "Avg latency: 2.5000 ms\nPercentiles: 50th = 3, 99th = 9, 99.9th = 9\n")
    write(f"{root}/audit/demo/outputs/e2e-2.txt", "Percentiles: 50th = 4, 99th = 8\nPercentiles: 50th = 5, 99th = 8\n")
    write(f"{root}/audit/demo/outputs/perf-1.txt",
          "1000 records sent, 500.0 records/sec (0.05 MB/sec), 1.50 ms avg latency, 9.00 ms max latency, 2 ms 50th, 3 ms 95th\n")
    demo_ledger("full", [("o1", [ev(0, 100_000, T, 700), ev(1, 100_000, T, 100)]), ("o2", [ev(0, 100_000, T, 700, recv=False)])])


def demo_ledger(root, runs):
    lines = ["# Synthetic demonstration ledger of our instrument (runs without a delivery give no median flight).",
             "run_id,condition,status,events_file,events_sha256"]
    for run_id, events in runs:
        text = f"# Synthetic demonstration run {run_id}: T = 400 us per delivered event.\n" + H + "\n" + "\n".join(events) + "\n"
        write(f"{root}/audit/demo/outputs/events/{run_id}.csv", text)
        lines.append(f"{run_id},demo,ok,events/{run_id}.csv,{hashlib.sha256(text.encode()).hexdigest()}")
    write(f"{root}/audit/demo/outputs/ftl-ledger.csv", "\n".join(lines) + "\n")


def bare():
    root = "bare"
    undelivered = lambda what: [ev(0, 100_000, T, 700, recv=False)]
    campaign(root, "modeA", [
        ("u1", "c1", "ok", "Synthetic modeA run u1: priority refused; one event acknowledged, never delivered.",
         undelivered(""), a_fields("default", "shared", "0", refused="priority")),
        ("u2", "c1", "failed", "", None, a_fields("default", "shared", "0"))],
        "Synthetic modeA with one ok run, refused and undelivered: no usable run, no stratum, rho undefined,\n"
        "no median displacement or flight, no retention.")
    campaign(root, "modeB", [("v1", "s1ms", "ok", "Synthetic modeB run v1: one event acknowledged, never delivered.",
                              undelivered(""), {"send_interval_ns": "1000000", "first_send_phase_us": "700",
                                                "events_written": "1"})],
             "Synthetic modeB with one undelivered run: no retention, no grid-law event, no guard median,\n"
             "no wall-clock retention, no held-out grid-law prediction (scheduled, but nothing delivered).")
    campaign(root, "payload", [("w1", "pb100-ph700", "ok", "Synthetic payload run w1: one event never delivered.",
                                undelivered(""), {"payload_bytes": "100", "start_phase_us": "700"})],
             "Synthetic payload campaign without a plan.json: no prediction entries.")
    campaign(root, "nojvm", [("m1", "s1ms", "ok", "Synthetic no-JVM run m1: one event never delivered.",
                              undelivered(""), {"instrument": "python-nojvm"})],
             "Synthetic no-JVM cross-check with one undelivered run: no retention, no grid-law event.")
    write(f"{root}/audit/demo/outputs/e2e-1.txt", "Synthetic output without a figure.\n")
    demo_ledger(root, [("o1", [ev(0, 100_000, T, 700, recv=False)])])


def iso():
    root = "iso"
    i = lambda prio, broker, load, measured="": {**a_fields(prio, "shared", load), "broker_cpus": broker,
                                                 "load_measured_pct": measured}
    runs = [
        a_run("ia", [100_000, 500_000, 600_000, 200_000], i("default", "0-1", "0"), "isolation: broker on every core, load 0, default"),
        a_run("ib", [100_000, 500_000, 200_000, 100_000], i("fifo", "0-1", "0"), "isolation: broker on every core, load 0, fifo"),
        a_run("ic", [500_000, 600_000, 700_000, 100_000], i("default", "0", "0"), "isolation: broker on core 0, load 0, default"),
        a_run("id", [500_000, 100_000, 100_000, 100_000], i("fifo", "0", "0"), "isolation: broker on core 0, load 0, fifo"),
        a_run("ie", [500_000, 100_000], i("default", "0-1", "90", "60.5"), "isolation: broker on every core, load 90, default"),
        a_run("if", [500_000, 100_000], i("fifo", "0-1", "90", "64.5"), "isolation: broker on every core, load 90, fifo (one negative)"),
        a_run("ig", [100_000, 100_000], i("fifo", "0-1", "90", "62"), "isolation: broker on every core, load 90, fifo (no negative)"),
        a_run("ih", [500_000, 600_000], i("default", "0", "90"), "isolation: broker on core 0, load 90, default"),
        a_run("ii", [500_000, 100_000, 100_000, 100_000], i("fifo", "0", "90"), "isolation: broker on core 0, load 90, fifo"),
    ]
    campaign(root, "isolation", runs, """Synthetic isolation campaign (broker_cpus 0-1 = every core, 0 = confined), hand-computed answers:
collapse (default over fifo, pooled): every core / load 0: (2/4)/(1/4) = 2; core 0 / load 0: (3/4)/(1/4) = 3;
every core / load 90: (1/2)/(1/4) = 2, bootstrap replicates 1 (fifo runs if, if), 2 (if, ig) or infinite (ig, ig):
lower 1, upper not finite; core 0 / load 90: (2/2)/(1/4) = 4. One run per group elsewhere: interval = point.
confinement: 3 > 2 and 4 > 2: held. collapse when confined: lower ends 3 and 4 > 1: held.
load achieved at 90 % requested: 60.5, 64.5, 62 (ie, if, ig; ih, ii record none): median 62.00%.""")



def isonone():
    root = "isonone"
    campaign(root, "isolation", [
        a_run("j1", [100_000], {**a_fields("default", "shared", "0"), "broker_cpus": "0-1"}, "isolation: no negative"),
        a_run("j2", [100_000], {**a_fields("fifo", "shared", "0"), "broker_cpus": "0-1"}, "isolation: no negative")],
        "Synthetic isolation campaign without a negative and without a confined run: every collapse factor and\n"
        "verdict is unavailable (0/0 with the broker on every core, no runs with it confined).")

def newc():
    root = "newc"
    # modeB: the flight distribution of the clock-offset predictions at 1 ms: wall flights 300, 500, 700, 900 us
    campaign(root, "modeB", [
        ("b1", "s1ms", "ok", "Synthetic modeB run b1 at 1 ms: wall flights 300, 500, 700, 900 us.",
         [ev(i, 100_000, t, 0) for i, t in enumerate([300_000, 500_000, 700_000, 900_000])],
         {"send_interval_ns": "1000000", "instrument": "kafka"})],
        "Synthetic modeB campaign: one run at 1 ms whose flights are the distribution of the clockoffset predictions.")
    off = lambda o, mm, interval="1000000": {"send_interval_ns": interval, "clock_offset_us": o, "create_ms_mismatch": mm,
                                              "instrument": "kafka"}
    campaign(root, "clockoffset", [
        ("c1", "p1", "ok", "Synthetic clockoffset run c1: offset +700 us, phase 500, T = 300 us: create tick +1, recv tick 0: M = -1 twice.",
         [ev(i, 100_000, 300_000, 500, create_off=1) for i in range(2)], off("700", "")),
        ("c2", "p1", "ok", "Synthetic clockoffset run c2: offset +700 us, phase 500, T = 600 us: M = 0; a second event never delivered.",
         [ev(0, 100_000, 600_000, 500, create_off=1), ev(1, 100_000, 600_000, 500, recv=False)], off("700", "0")),
        ("c3", "n1", "ok", "Synthetic clockoffset run c3: offset -300 us, phase 100, T = 400 us: create tick -1, M = 1 twice.",
         [ev(i, 100_000, 400_000, 100, create_off=-1) for i in range(2)], off("-300", "0")),
        ("c4", "q", "ok", "Synthetic clockoffset run c4 at 1250 us: no modeB flights at that interval, not predicted.",
         [ev(0, 100_000, 400_000, 100, create_off=1)], off("700", "2", "1250000")),
        ("c5", "z", "ok", "Synthetic clockoffset run c5: no offset column value (Kafka's CreateTime), phase 700, T = 400 us: kept.",
         [ev(0, 100_000, 400_000, 700)], off("", "5")),
        ("c6", "z", "ok", "Synthetic clockoffset run c6: offset 0, phase 700, T = 400 us: kept.",
         [ev(0, 100_000, 400_000, 700)], off("0", "4")),
        ("c7", "e", "ok", "Synthetic clockoffset run c7: offset +300 us, its one event never delivered: not predicted.",
         [ev(0, 100_000, 400_000, 700, recv=False)], off("300", "")),
    ], """Synthetic clockoffset campaign, hand-computed answers (flights from modeB at 1 ms: 300, 500, 700, 900 us):
p1 (+700 us, phase 500): producer phase 200, e = 700 - 200 = 500 us: one-tick iff L < 500 (1 of 4 flights), zero otherwise:
  expected one-tick 0.25 per event, 0.75 over its 3 events; observed 2 (c1) + 0 (c2); runs with one: 1 of 2; kept 0 of 0.
n1 (-300 us, phase 100): producer phase 800, e = -1100: every flight kept: expected kept 2, one-tick 0; observed kept 2.
z (no offset / 0, phase 700): e = -700, kept iff L >= 300: all 4 flights, expected kept 2, observed kept 2, one-tick 0.
q (1250 us): no flights, left out; e (c7): nothing delivered, left out. Undelivered events are not stamps of a prediction. one-tick observed 2, expected 0.75 -> 1 (rounded); runs with one 1.
shares: +700: one-tick observed 2/3, expected 0.25; retention 0 and 0. -300: one-tick 0, retention 1 and 1. 0: retention 1, 1.
+1500 and -1500: no delivered event. max share error |2/3 - 1/4| = 41.67%; max retention error 0.
occurrence: p1 expects 25% >= 2% but c2 has none: did not hold. count: p1 one-tick 66.7% vs 25.0%: did not hold.
create mismatches over runs with a non-zero offset: c1 (empty) + c2 0 + c3 0 + c4 2 = 2 (c5 empty offset, c6 offset 0 not counted).""",
        fields=["create_ms_mismatch"])
    f = lambda prio, broker: {**a_fields(prio, "shared", "0"), "broker_cpus": broker}
    campaign(root, "fifojvm", [
        a_run("d1", [500_000, 500_000, 100_000, 100_000], f("default", "0-1"), "fifojvm: default, rate 2/4"),
        a_run("d2", [500_000, 100_000, 100_000, 100_000], f("default", "0-1"), "fifojvm: default, rate 1/4"),
        a_run("s1", [500_000, 100_000, 100_000, 100_000], f("fifo", "0-1"), "fifojvm: fifo, rate 1/4"),
        a_run("j1", [100_000, 100_000, 100_000, 100_000], f("fifo-jvm", "0-1"), "fifojvm: fifo-jvm, rate 0"),
        a_run("j2", [100_000, 100_000, 100_000, 100_000], f("fifo-jvm", "0-1"), "fifojvm: fifo-jvm, rate 0"),
        a_run("j3", [500_000, 500_000, 100_000, 100_000], f("fifo-jvm", "0-1"), "fifojvm: fifo-jvm, rate 2/4"),
        a_run("j4", [500_000, 500_000, 100_000, 100_000], f("fifo-jvm", "0-1"), "fifojvm: fifo-jvm, rate 2/4"),
        a_run("j5", [500_000, 100_000, 100_000, 100_000], f("fifo-jvm", "0"), "fifojvm: fifo-jvm on a confined broker, no default run there"),
        ("j6", "c-j6", "ok", "Synthetic fifojvm run j6 (fifo-jvm): delivered but never acknowledged: no complete event, left out.",
         [ev(0, 100_000, 400_000, 700, ack=False)], f("fifo-jvm", "0-1")),
        a_run("d9", [100_000, 100_000], {**f("default", "0-1"), "load_pct": "90"}, "fifojvm: default at load 90, rate 0"),
        a_run("j9", [100_000, 100_000], {**f("fifo-jvm", "0-1"), "load_pct": "90"}, "fifojvm: fifo-jvm at load 90, rate 0 (cell default median 0: excluded)"),
    ], """Synthetic fifojvm campaign, hand-computed answers. Cell 'all load0%': default rates 1/2 and 1/4, median 3/8.
fifo-jvm runs there: 0, 0, 1/2, 1/2, normalised 0, 0, 4/3, 4/3 (j5 is alone in cell 'core0 load0%': excluded; j6 has no complete event; j9's cell
'all load90%' has a default median of 0: excluded, and adds 0 to both sums of the ratio).
runs 4; collapsed (<= 0.2) 2/4 = 50%; not collapsed (>= 0.5) 50%; Sarle's BC of {0, 0, 4/3, 4/3}: n = 4, g = 0,
k = 4*5/(3*2*1) * sum(z^4) - 3*9/2 with z = (x - 2/3)/s, s^2 = 4*(4/9)/3 = 16/27: sum z^4 = 4*(16/81)/(256/729) = 9/4,
k = 10/3 * 9/4 - 13.5 = -6; BC = 1 / (-6 + 13.5) = 0.1333 -> 0.13: not bimodal (below 5/9).
Mantel-Haenszel default over fifo-jvm: stratum all: x1 = 3, n1 = 8, x0 = 4, n0 = 16, N = 24: 3*16/24 = 2 over 4*8/24 = 4/3
-> 1.5; stratum core0 has no default run: unused. Default over fifo: x0 = 1, n0 = 4, N = 12: 3*4/12 = 1 over 1*8/12 = 2/3 -> 1.5.
Prediction collapse: 1.5 < 7: did not hold. Held-out grid law: every event keeps (phase 700, T 400): error 0.""")
    d = lambda cond, dn, tn: (cond + "-" + str(dn), cond, "ok",
                              f"Synthetic delivery run: D = {dn} us, T = {tn} us for both events (phase 700: kept).",
                              [ev(i, dn * 1000, tn * 1000, 700) for i in range(2)], {"instrument": "kafka", "send_interval_ns": "1000000"})
    campaign(root, "delivery", [
        d("control-fmb1-fmw100", 200, 400), d("control-fmb1-fmw100", 220, 420),
        d("hold-fmw5", 200, 2400), d("hold-fmw50", 210, 25400),
        ("control-lost", "control-fmb1-fmw100", "ok", "Synthetic delivery run: nothing delivered (no median flight): left out.",
         [ev(i, 200_000, 400_000, 700, recv=False) for i in range(2)], {"instrument": "kafka", "send_interval_ns": "1000000"})],
        """Synthetic delivery campaign, hand-computed answers. Per-run medians (us): (T, D) = (400, 200), (420, 220),
(2400, 200), (25400, 210). OLS slope of D on T: mean T 7155, mean D 207.5; Sxy = sum (T - 7155)(D - 207.5) =
(-6755)(-7.5) + (-6735)(12.5) + (-4755)(-7.5) + (18245)(2.5) = 50662.5 - 84187.5 + 35662.5 + 45612.5 = 47750;
Sxx = 6755^2 + 6735^2 + 4755^2 + 18245^2 = 45630025 + 45360225 + 22610025 + 332880025 = 446480300; slope 0.000107; the bootstrap's extremes: replicates of the two control runs alone give 1 (5.5 % of them, so the upper end is 1), of the
control run at 420 us with the 2400 us run alone give -0.0101 (5.5 %, the lower end).
control: median T 410 us, median D 210 us, D/T 0.51; hold5: T 2400, D 200, D/T 0.083 -> 0.08; hold1 has no run.""")



REPLAY_PLAN = {"campaign": "replay", "predictions": {
    "mode_b_smooth_limit": {"tolerance": 0.05}, "mode_b_own_flights": {"tolerance": 0.05, "share_of_runs": 0.9}}}


def r_run(run_id, cond, events, note, lag=""):
    """A replay-campaign run: events as (D ns, T ns, phase us)."""
    comment = f"Synthetic replay-campaign run {run_id} ({cond}): {note}"
    return (run_id, cond, "ok", comment, [ev(i, d, t, ph) for i, (d, t, ph) in enumerate(events)],
            {"send_interval_ns": "500000" if "500us" in cond else "250000", "priority": "default", "pacing_lag_p99_ns": lag})


def replay():
    root = "replay"
    runs = [
        r_run("c1", "fixed-500us", [(100_000, 400_000, 600), (100_000, 800_000, 200)],
              "T 400, 800 us: min(T, q) 400 + 800; no negative A; kept 2 of 2 (phase 600 + 400 >= 1000, 200 + 800 >= 1000)", "3000"),
        r_run("c2", "fixed-500us", [(100_000, 1_400_000, 100), (300_000, 200_000, 100)],
              "T 1400, 200 us: min(T, q) 1000 + 200; one negative A (D 300 > T 200); kept 1 of 2", "1000"),
        r_run("c3", "fixed-250us", [(100_000, 500_000, 100), (600_000, 500_000, 100)],
              "T 500, 500 us: min(T, q) 500 + 500; one negative A; kept 0 of 2"),
        r_run("r1", "replay-m3788741-g500us", [(700_000, 600_000, 500), (700_000, 600_000, 300), (100_000, 600_000, 100),
                                               (100_000, 600_000, 900), (100_000, 600_000, 700)],
              "T 600 us, phases 500 300 100 900 700: kept 3 of 5 (0.6); own limit 0.6; two negative A", "2000"),
        r_run("r2", "replay-m15986-g500us", [(500_000, 400_000, 700), (100_000, 400_000, 100)],
              "T 400 us, phases 700 100: kept 1 of 2 (0.5); own limit 0.4 (off by 0.1); one negative A", "6000"),
        r_run("r3", "replay-m3788741-g250us", [(600_000, 500_000, 600), (100_000, 500_000, 400)],
              "T 500 us, phases 600 400: kept 1 of 2; own limit 0.5; one negative A"),
        r_run("r4", "replay-m15986-g250us", [(600_000, 500_000, 500), (600_000, 500_000, 100)],
              "T 500 us, phases 500 100: kept 1 of 2; own limit 0.5; two negative A"),
        ("r5", "replay-m15986-g250us", "ok", "Synthetic replay run r5: one event sent, never delivered (no flight, no complete event).",
         [ev(0, 100_000, 500_000, 100, recv=False)], {"send_interval_ns": "250000", "priority": "default"}),
        ("z9", "fixed-500us", "failed", "", None, {}),
    ]
    campaign(root, "replay", runs, """Synthetic replay campaign, hand-computed answers (q = 1 ms):
ok runs 8 (z9 failed); rejected by the sign check: c2, c3, r1, r2, r3, r4 = 6 (r5 delivered nothing: no complete
event, no flight; it changes no pooled figure and is skipped by the own-flight check).
held-out prediction at 500us from the control fixed-500us: (400 + 800 + 1000 + 200) / (4 x 1000) = 0.6;
at 250us from fixed-250us: (500 + 500) / 2000 = 0.5.
observed: r1 3/5 = 0.6 (error 0), r2 1/2 = 0.5 (error -0.1: outside 0.05, so the smooth-limit verdict does not hold),
r3 1/2 = 0.5 (error 0), r4 1/2 = 0.5 (error 0). control retention fixed-500us 3/4 (range 50% to 100%), fixed-250us 0.
own unpaired limits: r1 0.6 (within), r2 0.4 (not), r3 0.5, r4 0.5: share 3/4 = 0.75 < 0.9, did not hold.
burst ratio at 500us: replay (2 + 1)/(5 + 2) = 3/7 over control 1/4 = 12/7 = 1.71; bootstrap lower 0.8 ((r1, r1) 4/10
over (c2, c2) 2/4, probability 1/16 > 2.5%), upper not finite ((c1, c1) has no negative). at 250us: (1 + 2)/4 over 1/2
= 1.5, lower 1 ((r3, r3)), upper 2 ((r4, r4)). bursts verdict: lower 0.8 at 500us, did not hold.
negative-A rates: fixed-500us 1/4, fixed-250us 1/2, r1 2/5, r2 1/2, r3 1/2, r4 1. lag p99 medians: fixed-500us
(3000, 1000) -> 2 us, r1 2 us, r2 6 us; fixed-250us none recorded.""", plan=REPLAY_PLAN)


def replaynone():
    root = "replaynone"
    runs = [
        ("n1", "fixed-500us", "ok", "Synthetic replay-campaign control run n1: one event sent, never delivered.",
         [ev(0, 100_000, 400_000, 700, recv=False)], {"send_interval_ns": "500000"}),
        ("n2", "replay-m3788741-g500us", "ok", "Synthetic replay run n2: one event sent, never delivered.",
         [ev(0, 100_000, 400_000, 700, recv=False)], {"send_interval_ns": "500000"}),
        r_run("n3", "replay-m15986-g500us", [(100_000, 400_000, 700)], "T 400 us, phase 700: kept 1 of 1, no control flight to predict it from"),
    ]
    campaign(root, "replay", runs, """Synthetic replay campaign where nothing needed is delivered: the control n1 and the replay run
n2 delivered nothing, so their retention, the held-out predictions and every error are unavailable; n3 is observed (100%)
but has no prediction. The plan states the smooth-limit tolerance only.""",
             plan={"campaign": "replay", "predictions": {"mode_b_smooth_limit": {"tolerance": 0.05}}})


def onedlaw():
    """A sign campaign whose flights differ: the 1/D law measured with a crossover in the data."""
    root = "onedlaw"
    f = lambda **x: {**a_fields("default", "shared", "0"), "first_send_phase_us": "700", "events_written": "1", **x}
    runs = [
        ("o1", "c", "ok", "Synthetic modeA run o1: T = 100 us, D = 200 us (A = -100 us).", [ev(0, 200_000, 100_000, 700)],
         f(clock_offset_us="250", started_at="2026-01-01T00:00:00Z", duration_ms="1000", other_cpu_pct="1.0",
           git_commit="abc-dirty")),
        ("o2", "c", "ok", "Synthetic modeA run o2: T = 400 us, D = 100 us.", [ev(0, 100_000, 400_000, 700)],
         f(started_at="2026-01-01T01:00:00Z", duration_ms="1000", other_cpu_pct="3.0", git_commit="abc")),
        ("o3", "c", "ok", "Synthetic modeA run o3: T = 1400 us, D = 200 us.", [ev(0, 200_000, 1_400_000, 700)],
         f(started_at="2026-01-01T02:00:00Z", duration_ms="1800000", other_cpu_pct="2.0", git_commit="abc")),
    ]
    campaign(root, "modeA", runs, """Synthetic modeA campaign for the measured 1/D law, hand-computed answers:
per-run (T, D) = (100, 200), (400, 100), (1400, 200) us. OLS slope of D on T: Sxy = 23,333.3, Sxx = 926,666.7 (us^2):
slope 0.0252, intercept 150.7 us. Flight bands: [0, 300 us) o1, D/T 2.00; [300 us, 1 ms) o2, 0.250; [1, 3 ms) o3, 0.143.
Crossover from the bands: D - T = +100 at 100 us, -300 at 400 us: 100 + 300 x 100/400 = 175 us.
Published flights (audit): 100 us (p50, end-to-end) lies below it, 1 ms (p99) above; the 150 us ack-referenced
figure is not a flight. D(T)/T at 1 ms: (150.7 + 0.0252 x 1000)/1000 = 17.59%.
Threats: runs span 00:00 to 02:30 (o3 lasts 30 min): 2.50 h; other processes' CPU 1, 3, 2 %: median 2.00%, max 3.00%;
o1 was built from a -dirty tree (1 run, 1 campaign). o1 emulates a producer clock 250 us ahead (clock_offset_us): the
campaign is a two-clock campaign; its guard saw no one-tick negative (o1: M = 0). Held-out grid law (s = 1 ms, first
phase 700 us, one send each): o1 from o2, o3 (400, 1400 us) with the offset needs L >= 1000 - 950 + 250 = 300 us:
1.0 against 0 observed; o2 from o1, o3 needs L >= 300 us: 1/2 against 1; o3: 1/2 against 1: errors 1, 0.5, 0.5,
none within 5%: did not hold.""")
    write(f"{root}/audit/published-medians.csv", """label,median_ns,percentile,latency_kind,source
Broker X,100000,50,end-to-end,synthetic source 1
Broker X confirm,150000,50,publish/ack-referenced,synthetic source 2
Broker Y,1000000,p99,end-to-end,synthetic source 3
""")


CONFIRM_PLAN = {
    "campaign": "confirm", "blocks": 3,
    "conditions": [{"name": "base"}, {"name": "fifo", "priority": "fifo"}, {"name": "g", "send_interval": "1001us"},
                   {"name": "off", "clock_offset_us": 700}],
    "exclusion": {"steal_pct_above": 5},
    "predictions": {"gridlaw": {"base": {"retention": 0.5}, "g": {"retention": 0.25}}, "smooth_limit": 0.5,
                    "skill_conditions": ["base", "g"], "one_tick": {"off": {"share": 0.5}}},
    "criteria": {"version": 1, "rules": [
        {"id": "negativeSpans", "claim": "negative spans occur", "kind": "empirical", "statistic": "confirm.negativeRate.base",
         "comparison": "interval_above", "lower": "confirm.negativeRate.base.lower", "upper": "confirm.negativeRate.base.upper",
         "threshold": 0.01, "unit": "fraction", "sidedness": "one-sided", "replication": "block", "runs": ["base"],
         "testable_if": {"statistic": "confirm.blocks", "comparison": ">=", "threshold": 2, "unit": "count"}},
        {"id": "noNegativeFlight", "claim": "no flight is negative", "kind": "consistency", "statistic": "confirm.flightNegative",
         "comparison": "<=", "threshold": 0, "unit": "count", "sidedness": "one-sided", "replication": "event", "runs": "all"}],
        "claims": [{"id": "both", "claim": "both rules", "combine": "all", "of": ["negativeSpans", "noNegativeFlight"]}]},
}
CONFIRM_PLAN["predictions"]["expected_verdicts"] = {"negativeSpans": "held (a synthetic expectation)"}


def c_fields(block, prio="default", steal="0.5", converged="yes", warmup="10"):
    return {**a_fields(prio, "shared", "0"), "block": block, "steal_pct": steal, "warmup_converged": converged,
            "warmup_events": warmup}


def confirm():
    root = "confirm"
    T4 = 400_000
    runs = [
        ("b1", "base", "ok", "Synthetic confirm run b1 (block 1): A < 0 once in 2; phases 700, 100: kept 1 of 2; D 500, 100 us.",
         [ev(0, 500_000, T4, 700), ev(1, 100_000, T4, 100)], {**c_fields("1"), "pacing_burst_share": "0.25"}),
        ("f1", "fifo", "ok", "Synthetic confirm run f1 (block 1): A < 0 once in 4; every event kept.",
         [ev(0, 500_000, T4, 700)] + [ev(i, 100_000, T4, 700) for i in range(1, 4)], c_fields("1", "fifo")),
        ("g1", "g", "ok", "Synthetic confirm run g1 (block 1): phases 700, 100: kept 1 of 2, no negative A.",
         [ev(0, 100_000, T4, 700), ev(1, 100_000, T4, 100)], c_fields("1")),
        ("o1", "off", "ok", "Synthetic confirm run o1 (block 1): CreateTime one tick late: phase 100 gives M = -1, phase 700 M = 0.",
         [ev(0, 100_000, T4, 100, create_off=1), ev(1, 100_000, T4, 700, create_off=1)], c_fields("1")),
        ("b2", "base", "ok", "Synthetic confirm run b2 (block 2): A < 0 in 2 of 4; phases 700, 700, 700, 100: kept 3 of 4.",
         [ev(0, 500_000, T4, 700), ev(1, 500_000, T4, 700), ev(2, 100_000, T4, 700), ev(3, 100_000, T4, 100)], c_fields("2")),
        ("f2", "fifo", "ok", "Synthetic confirm run f2 (block 2): A < 0 once in 2.",
         [ev(0, 500_000, T4, 700), ev(1, 100_000, T4, 700)], c_fields("2", "fifo")),
        ("g2", "g", "ok", "Synthetic confirm run g2 (block 2): its one event never delivered: no value of any metric.",
         [ev(0, 100_000, T4, 700, recv=False)], c_fields("2")),
        ("b3", "base", "ok", "Synthetic confirm run b3 (block 3): steal 9 % > 5 %: excluded by the plan's rule; phase 100: dropped.",
         [ev(0, 500_000, T4, 100)], c_fields("3", steal="9")),
        ("b3u", "base", "ok", "Synthetic confirm run b3u (block 3): A < 0 in its one event, kept; D 500 us.",
         [ev(0, 500_000, T4, 700)], c_fields("3")),
        ("f3", "fifo", "ok", "Synthetic confirm run f3 (block 3): no negative A (rate 0: the block has no ratio).",
         [ev(0, 100_000, T4, 700)], c_fields("3", "fifo")),
        ("b4", "base", "ok", "Synthetic confirm run b4 (block 4): no negative A (rate 0: the block has no ratio); both kept; D 100 us.",
         [ev(0, 100_000, T4, 700), ev(1, 100_000, T4, 700)], c_fields("4")),
        ("f4", "fifo", "ok", "Synthetic confirm run f4 (block 4): A < 0 once in 2.",
         [ev(0, 500_000, T4, 700), ev(1, 100_000, T4, 700)], c_fields("4", "fifo")),
        ("b0", "base", "ok", "Synthetic confirm run b0 (no block: block 0): A < 0 once in 2, both kept; steal unread; warm-up not converged.",
         [ev(0, 500_000, T4, 700), ev(1, 100_000, T4, 700)], c_fields("", steal="", converged="no", warmup="7")),
        ("x1", "fifo", "ok", "Synthetic confirm run x1 (block 2): priority refused, not analysed.",
         [ev(0, 500_000, T4, 700)], {**c_fields("2", "fifo"), "priority_applied": "refused"}),
    ]
    campaign(root, "confirm", runs, """Synthetic confirmatory campaign (blocks), hand-computed answers (t quantiles: 4.302653 for 2 df, 12.706205 for 1 df):
usable runs 12 (x1 refused, b3 excluded: steal 9 > 5); blocks with a usable run: 0 to 4 = 5; unmeasured 1 (b0: steal empty).
warm-up sends over the 14 ok runs (refused and excluded ones too): 7 (b0) + 13 x 10 = 137; unconverged 1 (b0).
base per block (t quantile 2.776445 for 4 df): negative rate 0.5, 0.5, 0.5, 1, 0 (blocks 0 to 4): mean 0.5, sd 0.35355,
  interval 0.5 -+ 2.776445 x 0.35355 / sqrt 5 = [0.0610, 0.9390]; retention 1, 0.5, 0.75, 1, 1: mean 0.85, sd 0.22361,
  interval [0.5724, 1.1276]; flight median 400 us; D median 300, 300, 300, 500, 100 us: geometric mean (300^3 500 100)^(1/5) = 267 us.
  OMB inflation: guard median 1 ms over 400 us = 2.5 in every block.
fifo per block: 0.25 (1), 0.5 (2), 0 (3), 0.5 (4). collapseThreads base/fifo over blocks 1 and 2 (block 3: fifo rate 0,
  block 4: base rate 0): ratios 2 and 1,
  geometric mean sqrt 2 = 1.414; log sd 0.4901; interval exp(0.3466 -+ 12.706205 x 0.4901 / sqrt 2) = [0.0173, 115.6].
g: retention 0.5 in block 1 (block 2 delivered nothing): one block, no interval; grid-law error |0.5 - 0.25| = 0.25.
base grid-law error |0.85 - 0.5| = 0.35. skill over base, g with smooth 0.5: ((0.35 + 0) - (0.35 + 0.25)) / 2 = -0.125.
off: one-tick share 1/2 in block 1, error |0.5 - 0.5| = 0; retention 0, so no OMB inflation (nothing kept).
burst share recorded by b1 only (0.25): one block. With the exclusion rule set aside (exploratory) base's block 3
holds b3 (retention 0) and b3u (1): 0.5, so its retention is the mean of 1, 0.5, 0.75, 0.5, 1 = 0.75. negative flights 0. Criterion negativeSpans: the interval [0.0610, 0.9390] lies above 0.01: held (no plan digest: exploratory).""",
             plan=CONFIRM_PLAN, fields=["block", "steal_pct", "warmup_converged", "pacing_burst_share"])


SETTING_PLAN = {
    "campaign": "setting", "blocks": 3, "clocksource": "kvm-clock",
    "warmup": {"rule": "stable_flights", "window": 10, "tolerance_us": 50, "min_events": 10, "max_events": 20},
    "conditions": [{"name": "base-short", "events": 4, "warmup_first_sends": 2}, {"name": "fifo-short", "priority": "fifo",
                   "events": 4, "warmup_first_sends": 2}, {"name": "base-long"}, {"name": "fifo-long", "priority": "fifo"}],
    "exclusion": {"steal_pct_above": 5, "other_run_pct_above": 10},
    "criteria": {"version": 1, "rules": [
        {"id": "designThreads", "claim": "the run design changes the collapse", "kind": "empirical",
         "statistic": "setting.designThreads", "comparison": "interval_excludes", "lower": "setting.designThreads.lower",
         "upper": "setting.designThreads.upper", "threshold": 1, "unit": "ratio", "sidedness": "two-sided",
         "replication": "block", "runs": ["base-long", "fifo-long", "base-short", "fifo-short"],
         "testable_if": {"statistic": "setting.designThreads.blocks", "comparison": ">=", "threshold": 3, "unit": "count"}}]},
}


def st_fields(block, prio="default", run="1.0", other="0.5", boot="b00t-1", offered="kvm-clock"):
    return {**a_fields(prio, "shared", "0"), "block": block, "steal_pct": "0.0", "other_run_pct": run, "other_cpu_pct": other,
            "boot_id": boot, "clocksource": "kvm-clock", "clocksources_available": offered}


def neg(run_id, cond, k, n, fields):
    """A setting run of n complete events, the first k with A < 0 (D 500 us over T 400 us), phase 700: all kept."""
    return (run_id, cond, "ok", f"Synthetic setting run {run_id} ({cond}, block {fields['block']}): A < 0 in {k} of {n}.",
            [ev(i, 500_000 if i < k else 100_000, 400_000, 700) for i in range(n)], fields)


def setting():
    runs = [
        neg("bl1", "base-long", 2, 4, st_fields("1", offered="kvm-clock tsc")), neg("fl1", "fifo-long", 1, 4, st_fields("1", "fifo")),
        neg("bs1", "base-short", 1, 2, st_fields("1")), neg("fs1", "fifo-short", 1, 2, st_fields("1", "fifo", boot="", offered="")),
        neg("bl2", "base-long", 3, 4, st_fields("2")), neg("fl2", "fifo-long", 1, 4, st_fields("2", "fifo")),
        neg("bs2", "base-short", 2, 4, st_fields("2")), neg("fs2", "fifo-short", 1, 4, st_fields("2", "fifo")),
        neg("bl3", "base-long", 1, 2, st_fields("3", boot="b00t-2")),
        neg("fl3", "fifo-long", 2, 2, st_fields("3", "fifo", run="12.0", boot="b00t-2")),
        neg("fl3b", "fifo-long", 1, 2, st_fields("3", "fifo", other="50.0", boot="b00t-2")),
        neg("bs3", "base-short", 1, 2, st_fields("3", boot="b00t-2")), neg("fs3", "fifo-short", 1, 4, st_fields("3", "fifo", boot="b00t-2")),
    ]
    campaign("setting", "setting", runs, """Synthetic setting campaign (issue #44), hand-computed answers (t quantile 4.302653 for 2 df):
fl3 is excluded by the plan's rule (other_run_pct 12 > 10); fl3b's tick-sampled other_cpu_pct reads 50 but the rule does
not read it, so fl3b stays. Negative rates per block (long base/fifo; short base/fifo): block 1 0.5/0.25, 0.5/0.5;
block 2 0.75/0.25, 0.5/0.25; block 3 0.5/0.5, 0.5/0.25. collapseThreadsLong: ratios 2, 3, 1, geometric mean 6^(1/3) =
1.817 (0.4571 to 7.223); collapseThreadsShort: 1, 2, 2, 4^(1/3) = 1.587 (0.5874 to 4.290). designThreads, the per-block
ratio of the two ratios: 2, 1.5, 0.5, geometric mean 1.5^(1/3) = 1.145 (0.1860 to 7.047): the interval contains 1, so
the rule designThreads did not hold. Boots 2 (b00t-1 in blocks 1 and 2, b00t-2 in block 3; fs1 records none), one clock
source in use, two offered at most (bl1: kvm-clock tsc; fs1 records none). No confirmatory campaign under this root, so
no tick-sampled threshold to count runs against.""",
             plan=SETTING_PLAN, fields=["block", "steal_pct", "other_run_pct", "boot_id", "clocksource", "clocksources_available"])


HOSTS_PLAN = {
    "campaign": "hosts", "blocks": 4, "block_lead": "lead", "seed": 5,
    "strata": {"by": "boot", "judged_at_boots": 3, "max_boots": 6, "clocksources": ["tsc", "kvm-clock"]},
    "warmup": {"rule": "stable_flights", "window": 10, "tolerance_us": 50, "min_events": 10, "max_events": 20},
    "conditions": [{"name": "lead"}, {"name": "base"}, {"name": "fifojvm", "priority": "fifo-jvm"},
                   {"name": "split", "geometry": "split"}],
    "exclusion": {"steal_pct_above": 5, "other_run_pct_above": 10},
    "criteria": {"version": 1, "rules": [
        {"id": "collapseJvmS1", "claim": "on boot 1 default scheduling gives more negative spans than fifojvm", "kind": "empirical",
         "statistic": "hosts.s1.collapseJvm.pHolm", "comparison": "<=", "threshold": 0.025, "unit": "1",
         "sidedness": "one-sided", "replication": "block", "runs": ["base", "fifojvm"],
         "testable_if": {"statistic": "hosts.s1.collapseJvm.blocks", "comparison": ">=", "threshold": 4, "unit": "count"}},
        {"id": "collapseJvmS2", "claim": "on boot 2 the same", "kind": "empirical",
         "statistic": "hosts.s2.collapseJvm.pHolm", "comparison": "<=", "threshold": 0.025, "unit": "1",
         "sidedness": "one-sided", "replication": "block", "runs": ["base", "fifojvm"],
         "testable_if": {"statistic": "hosts.s2.collapseJvm.blocks", "comparison": ">=", "threshold": 4, "unit": "count"}},
        {"id": "collapseJvmHeterogeneity", "claim": "the host moves the whole-JVM collapse", "kind": "empirical",
         "statistic": "hosts.collapseJvm.i2", "comparison": ">=", "threshold": 0.5, "unit": "fraction",
         "sidedness": "one-sided", "replication": "block", "runs": ["base", "fifojvm"],
         "testable_if": {"statistic": "hosts.boots", "comparison": ">=", "threshold": 3, "unit": "count"}}]},
}


def h_fields(stratum, block, clock, prio="default", geom="shared", run="1.0", converged="yes"):
    boot, offered, reported = ("b00t-1", "tsc kvm-clock", "yes") if stratum == 1 else ("b00t-2", "kvm-clock", "no")
    return {**a_fields(prio, geom, "0"), "block": str(block), "stratum": str(stratum), "boot_id": boot,
            "clocksource": clock, "clocksource_planned": clock, "clocksources_available": offered,
            "steal_reported": reported, "steal_pct": "0.5" if reported == "yes" else "", "other_run_pct": run,
            "warmup_converged": converged, "kernel": "6.1-k" + str(stratum)}


def hosts():
    # (stratum, block, clock): counts of A < 0 among 4 events for lead, base, fifojvm, split
    design = [(1, 1, "tsc", 2, 2, 1, 1), (1, 2, "kvm-clock", 4, 1, 0, 1), (1, 3, "kvm-clock", 1, 2, 1, 2),
              (1, 4, "tsc", 2, 3, 1, 1), (2, 5, "kvm-clock", 2, 2, 1, 1), (2, 6, "kvm-clock", 2, 2, 2, 1)]
    runs = []
    for s, b, clock, lead, base, fj, split in design:
        runs.append(neg(f"l{b}", "lead", lead, 4, h_fields(s, b, clock)))
        runs.append(neg(f"b{b}", "base", base, 4, h_fields(s, b, clock)))
        runs.append(neg(f"j{b}", "fifojvm", fj, 4, h_fields(s, b, clock, prio="fifo-jvm")))
        extra = {"run": "12.0"} if b == 6 else {"converged": "no"} if b == 4 else {}
        runs.append(neg(f"p{b}", "split", split, 4, h_fields(s, b, clock, geom="split", **extra)))
    # a base run of block 5 whose acknowledgments never came (no complete event: no count for its block), and two runs
    # whose rows name no stratum or no block (in no boot: counted, never analysed)
    runs.append(("z5", "base", "ok", "Synthetic host run z5 (base, block 5): no acknowledgment came, no complete event.",
                 [ev(i, 100_000, 400_000, 700, ack=False) for i in range(4)], h_fields(2, 5, "kvm-clock")))
    runs.append(neg("u1", "base", 4, 4, {**h_fields(1, 1, "tsc"), "stratum": ""}))
    runs.append(neg("u2", "base", 4, 4, {**h_fields(1, 1, "tsc"), "block": ""}))
    campaign("hosts", "hosts", runs, """Synthetic host protocol (issue #53): two boots, fewer than the three its predictions are judged at.
Boot 1 (b00t-1, stratum 1) offers tsc and kvm-clock: blocks 1 and 4 under tsc, 2 and 3 under kvm-clock; boot 2 (b00t-2)
offers kvm-clock only and reports no steal (steal_reported no, steal_pct empty): blocks 5 and 6. Every run has 4 complete
events; A < 0 in (lead, base, fifojvm, split): block 1 2,2,1,1; block 2 4,1,0,1; block 3 1,2,1,2; block 4 2,3,1,1; block 5
2,2,1,1; block 6 2,2,2,1. Split of block 4 is excluded by the plan's warm-up rule (warmup_converged no), split of block 6 by
its exclusion rule (other_run_pct 12 > 10); lead runs are never analysed. Run z5 (base, block 5) has no complete event
and gives its block no count; u1 and u2 name no stratum or no block and are counted, in no boot. Criteria: collapseJvmS1 (4 blocks, Holm p 0.125 > 0.025) did not hold;
collapseJvmS2 (2 blocks) and collapseJvmHeterogeneity (2 of 3 boots) are not testable. Answers, computed by this script's
own brute force (hosts_answers), independent of the Java code:
""" + "\n".join(f"{k} = {v}" for k, v in hosts_answers(design).items()),
             plan=HOSTS_PLAN, fields=["block", "stratum", "boot_id", "clocksource", "clocksource_planned",
                                      "clocksources_available", "steal_reported", "steal_pct", "other_run_pct",
                                      "warmup_converged", "kernel"])


T975 = {1: 12.706204736, 2: 4.302652730, 3: 3.182446305, 4: 2.776445105}


def hosts_answers(design):
    """The host protocol's statistics by brute force: rates with 0.5 for a zero count, ratios with 0.5 added to both."""
    from itertools import combinations, product
    from math import exp, log, sqrt

    def rate(x, n=4):
        return (x if x else 0.5) / n

    def ratio(x1, x0, n=4):
        if x1 == 0 or x0 == 0:
            x1, x0 = x1 + 0.5, x0 + 0.5
        return (x1 / n) / (x0 / n)

    def mean(v):
        return sum(v) / len(v)

    def var_of_mean(v):
        m = mean(v)
        return sum((x - m) ** 2 for x in v) / (len(v) - 1) / len(v)

    def gm(v):
        logs = [log(x) for x in v]
        m = mean(logs)
        if len(v) < 2:
            return exp(m), None, None
        half = T975[len(v) - 1] * sqrt(var_of_mean(logs))
        return exp(m), exp(m - half), exp(m + half)

    def signflip(v):
        obs = mean(v)
        hits = sum(1 for signs in product([1, -1], repeat=len(v)) if mean([s * x for s, x in zip(signs, v)]) >= obs - 1e-12 * max(1, abs(obs)))
        return hits / 2 ** len(v)

    def holm(ps):
        order = sorted(range(len(ps)), key=lambda i: ps[i])
        out, run = [0] * len(ps), 0
        for rank, i in enumerate(order):
            run = max(run, min(1, (len(ps) - rank) * ps[i]))
            out[i] = run
        return out

    out = {}
    usable_split = lambda b: b not in (4, 6)
    boots = {}
    for s, b, clock, lead, base, fj, split in design:
        boots.setdefault(s, []).append((b, clock, lead, base, fj, split))
    summaries = {}
    for s, blocks in boots.items():
        jvm = [log(ratio(base, fj)) for b, c, l, base, fj, sp in blocks]
        geo = [log(ratio(base, sp)) for b, c, l, base, fj, sp in blocks if usable_split(b)]
        p = [signflip(jvm), signflip(geo)]
        ph = holm(p)
        g = gm([exp(x) for x in jvm])
        out[f"hosts.s{s}.collapseJvm"] = "%.6g [%.6g, %.6g]" % g if g[1] else "%.6g" % g[0]
        out[f"hosts.s{s}.collapseJvm.p"] = p[0]
        out[f"hosts.s{s}.collapseJvm.pHolm"] = ph[0]
        out[f"hosts.s{s}.geometry.p"] = p[1]
        out[f"hosts.s{s}.geometry.pHolm"] = ph[1]
        out[f"hosts.s{s}.rate.base"] = "%.6g" % gm([rate(base) for b, c, l, base, fj, sp in blocks])[0]
        out[f"hosts.s{s}.rate.fifojvm"] = "%.6g" % gm([rate(fj) for b, c, l, base, fj, sp in blocks])[0]
        out[f"hosts.s{s}.leadOverBase"] = "%.6g" % gm([ratio(l, base) for b, c, l, base, fj, sp in blocks])[0]
        summaries[s] = (mean(jvm), var_of_mean(jvm), [rate(base) for b, c, l, base, fj, sp in blocks],
                        [rate(fj) for b, c, l, base, fj, sp in blocks])
        tsc = [log(rate(base)) for b, c, l, base, fj, sp in blocks if c == "tsc"]
        kvm = [log(rate(base)) for b, c, l, base, fj, sp in blocks if c == "kvm-clock"]
        if len(tsc) >= 2 and len(kvm) >= 2:
            d = mean(tsc) - mean(kvm)
            v = var_of_mean(tsc) + var_of_mean(kvm)
            half = T975[len(tsc) + len(kvm) - 2] * sqrt(v)
            pool = tsc + kvm
            splits = list(combinations(range(len(pool)), len(tsc)))
            two = sum(1 for sp in splits if abs(mean([pool[i] for i in sp]) - mean([pool[i] for i in range(len(pool)) if i not in sp]))
                      >= abs(d) - 1e-12 * max(1, abs(d))) / len(splits)
            out[f"hosts.s{s}.clockContrast"] = "%.6g [%.6g, %.6g]" % (exp(d), exp(d - half), exp(d + half))
            out[f"hosts.s{s}.clockContrast.p"] = two
    y = [summaries[s][0] for s in sorted(summaries)]
    v = [summaries[s][1] for s in sorted(summaries)]
    w = [1 / x for x in v]
    yw = sum(wi * yi for wi, yi in zip(w, y)) / sum(w)
    q = sum(wi * (yi - yw) ** 2 for wi, yi in zip(w, y))
    df = len(y) - 1
    c = sum(w) - sum(wi * wi for wi in w) / sum(w)
    tau2 = max(0.0, (q - df) / c)
    ws = [1 / (vi + tau2) for vi in v]
    mu = sum(wi * yi for wi, yi in zip(ws, y)) / sum(ws)
    se = sqrt(1 / sum(ws))
    out["hosts.collapseJvm.i2"] = max(0.0, (q - df) / q)
    out["hosts.collapseJvm.tau2"] = tau2
    out["hosts.collapseJvm.pooled"] = "%.6g [%.6g, %.6g]" % (exp(mu), exp(mu - 1.959963985 * se), exp(mu + 1.959963985 * se))
    out["hosts.collapseJvm.pi"] = "[%.6g, %.6g]" % (exp(mu - 1.959963985 * sqrt(se * se + tau2)), exp(mu + 1.959963985 * sqrt(se * se + tau2)))
    gms = {k: [exp(mean([log(x) for x in summaries[s][i]])) for s in sorted(summaries)] for k, i in (("base", 2), ("fifojvm", 3))}
    spread = {k: max(g) / min(g) for k, g in gms.items()}
    out["hosts.base.spread"] = spread["base"]
    out["hosts.fifojvm.spread"] = spread["fifojvm"]
    out["hosts.spreadContrast"] = spread["base"] / spread["fifojvm"]
    return out


CLUSTER_PLAN = {
    "campaign": "cluster", "blocks": 2, "brokers": 3,
    "conditions": [{"name": "rf1"}, {"name": "acks1", "replication_factor": 3, "min_insync_replicas": 2}],
    "exclusion": {"steal_pct_above": 5, "isr_changed": True},
}


def cl_fields(block, rf, isr, changed="no", start="20000", lifetime="1", brokers="3"):
    return {**a_fields("default", "shared", "0"), "block": block, "steal_pct": "0.0", "replication_factor": rf,
            "isr_start": isr, "isr_changed": changed, "broker_start_ms": start, "broker_lifetime": lifetime, "brokers": brokers}


CLUSTER_FIELDS = ["block", "steal_pct", "replication_factor", "isr_start", "isr_changed", "broker_start_ms", "broker_lifetime",
                  "brokers"]


def cluster():
    runs = [
        neg("c1", "rf1", 1, 4, cl_fields("1", "1", "2")),
        neg("c2", "acks1", 0, 4, cl_fields("1", "3", "1+2+3")),
        neg("c3", "acks1", 0, 4, cl_fields("2", "3", "1+2", changed="yes", start="30000", lifetime="2")),
        neg("c4", "rf1", 2, 4, cl_fields("2", "1", "", start="", lifetime="2")),
        neg("c5", "acks1", 0, 4, cl_fields("2", "", "1+2+3", start="", lifetime="2", brokers="")),
    ]
    campaign("cluster", "cluster", runs, """Synthetic cluster campaign (issue #46), hand-computed answers: c3's ISR changed (isr_changed
yes), so the plan's rule excludes it and counts it (excluded 1, for isr_changed 1; isrChanged 1 among the ok runs).
ISR full at the start: c1 (one replica, ISR 2) and c2 (three replicas, ISR 1+2+3); not c3 (1+2 of 3), c4 (no ISR
recorded) or c5 (no replication factor recorded): 2. Brokers: 3 at most (c5 records none). Cluster start per lifetime:
lifetime 1 20000 ms (c1, c2), lifetime 2 30000 ms (c3; c4 and c5 record none): median 25000 ms.""",
             plan=CLUSTER_PLAN, fields=CLUSTER_FIELDS)


def clusternone():
    runs = [neg("n1", "rf1", 1, 2, cl_fields("1", "1", "", changed="", start="", lifetime="1"))]
    campaign("clusternone", "cluster", runs, """Synthetic cluster campaign whose one run recorded no start time, no ISR and no
isr_changed: the cluster's start is unavailable, no ISR full, no change counted; under the plan's isr_changed rule the run
is unmeasured, not excluded. Its plan names a condition beyond the six the analysis declares (odd), which gets its
entries from the plan as another campaign's conditions do: no run, so no block.""",
             plan={**CLUSTER_PLAN, "conditions": CLUSTER_PLAN["conditions"] + [{"name": "odd"}]}, fields=CLUSTER_FIELDS)


def confirmnone():
    root = "confirmnone"
    plan = {"campaign": "confirm", "conditions": [{"name": "base"}, {"name": "g"}],
            "exclusion": {"other_cpu_pct_above": 10},
            "predictions": {"gridlaw": {"base": {"retention": 0.5}, "g": {"retention": 0.25}}, "smooth_limit": 0.5,
                            "skill_conditions": ["base", "g"]}}
    runs = [
        ("b1", "base", "ok", "Synthetic confirm run b1 (block 1): both events kept, no negative A.",
         [ev(0, 100_000, 400_000, 700), ev(1, 100_000, 400_000, 700)], {**c_fields("1"), "other_cpu_pct": "2.0"}),
        ("b2", "base", "ok", "Synthetic confirm run b2 (block 1): other processes 12 % > 10 %: excluded.",
         [ev(0, 100_000, 400_000, 700)], {**c_fields("1", warmup=""), "other_cpu_pct": "12.0", "send_interval_ns": ""}),
    ]
    campaign(root, "confirm", runs, """Synthetic confirmatory campaign with one block: base has one block (retention 1, negative rate 0),
so no interval exists (one block only); g has no run, so its error and the skill are unavailable; the collapse
contrasts name conditions this plan lacks (no block); b2 is excluded (other_cpu_pct 12 > 10) and records no warm-up count and
no send interval (measured: b1's 2 events at 1 ms = 2 ms = 5.56e-7 h).""",
             plan=plan, fields=["block", "steal_pct", "warmup_converged"])


SYSTEMS_PLAN = {
    "campaign": "rabbitmq", "system": "rabbitmq", "blocks": 2,
    "conditions": [{"name": "s1", "send_interval": "1ms", "start_phase_us": 700}],
    "exclusion": {"steal_pct_above": 5, "other_tasks_cpu_pct_above": 10},
    "predictions": {"gridlaw": {"s1": {"retention": 0.5}}, "smooth_limit": 0.5, "skill_conditions": ["s1"]},
}


def s_fields(block, tasks):
    return {"send_interval_ns": "1000000", "instrument": "rabbitmq", "system": "rabbitmq", "block": block,
            "steal_pct": "0.5", "other_tasks_cpu_pct": tasks, "other_cpu_pct": "15.0"}


def systems():
    root = "systems"
    T4 = 400_000
    runs = [
        ("r1", "s1", "ok", "Synthetic RabbitMQ run r1 (block 1): A < 0 once in 2 (D 500 > T 400 us); phases 700, 100: kept 1 of 2.",
         [ev(0, 100_000, T4, 700), ev(1, 500_000, T4, 100)], s_fields("1", "1.0")),
        ("r2", "s1", "ok", "Synthetic RabbitMQ run r2 (block 2): no negative A; both at phase 700: kept 2 of 2.",
         [ev(0, 100_000, T4, 700), ev(1, 100_000, T4, 700)], s_fields("2", "2.0")),
        ("r3", "s1", "ok", "Synthetic RabbitMQ run r3 (block 2): other tasks 12 % > 10 %: excluded by the plan's rule.",
         [ev(0, 500_000, T4, 100), ev(1, 500_000, T4, 100)], s_fields("2", "12.0")),
        ("r4", "s1", "failed", "Synthetic RabbitMQ run r4 (block 1): failed, no events file.", None,
         {**s_fields("1", ""), "reason": "server gone"}),
    ]
    campaign(root, "rabbitmq", runs, """Synthetic campaign on RabbitMQ (system rabbitmq, blocks), hand-computed answers (t quantile
12.706205 for 1 df): usable runs 2 (r3 excluded: other_tasks_cpu_pct 12 > 10; r4 failed); blocks 2; excluded 1 (of condition s1; otherTasksCpu 1,
steal 0, otherCpu 0 although every other_cpu_pct reads 15, above no threshold of this plan). s1 per block: negative rate 0.5, 0:
mean 0.25, interval 0.25 -+ 12.706205 x 0.35355 / sqrt 2 = [-2.92655, 3.42655]; retention 0.5, 1: mean 0.75; grid-law error
|0.75 - 0.5| = 0.25; skill over s1 with smooth 0.5: 0.25 - 0.25 = 0. D/T: r1 median D 300 over T 400 = 0.75, r2 100/400 =
0.25: mean 0.5; median A: r1 (300, -100) 100 us, r2 300 us: mean 200 us; other tasks' CPU 1 %, 2 %: 1.5 %. Measured hours: the 3 ok runs' 6 events at 1 ms = 1.667e-6 h.
No campaign nats: its entries are unavailable.""",
             plan=SYSTEMS_PLAN, fields=["block", "steal_pct", "other_tasks_cpu_pct", "system", "reason"])
    runs_k = [("k1", "c", "ok", "Synthetic Kafka run k1 beside the RabbitMQ campaign: one event, kept.",
               [ev(0, 100_000, T4, 700)], a_fields("default", "shared", "0"))]
    campaign(root, "k", runs_k, "Synthetic Kafka campaign: its files are not sources of the other systems' entries.")


def minimal():
    write("minimal/audit/demo/outputs/perf-1.txt", "Synthetic output without a figure; there is no ftl-ledger.csv.\n")


def clash(root, conds, note):
    text = f"# Synthetic events file shared by both runs of {root}.\n" + H + "\n" + ev(0, 100_000, T, 700) + "\n"
    write(f"{root}/c/events/e.csv", text)
    sha = hashlib.sha256(text.encode()).hexdigest()
    rows = "\n".join(f"r{i},{c},ok,events/e.csv,{sha}" for i, c in enumerate(conds))
    write(f"{root}/c/ledger.csv", f"# {note}\nrun_id,condition,status,events_file,events_sha256\n{rows}\n")


def mixed():
    runs = [
        ("k1", "s1ms", "ok", "Synthetic Kafka run k1 in a no-JVM campaign: T = 400 us, phases 700, 800: kept 2 of 2.",
         [ev(0, 100_000, T, 700), ev(1, 100_000, T, 800)], {"instrument": "kafka"}),
        ("n1", "s1ms", "ok", "Synthetic no-JVM run n1: T = 400 us, phases 700, 100: kept 1 of 2.",
         [ev(0, 100_000, T, 700), ev(1, 100_000, T, 100)],
         {"instrument": "python-nojvm", "send_interval_ns": "1000000", "first_send_phase_us": "700", "events_written": "2"}),
    ]
    campaign("mixed", "mix", runs, """Synthetic campaign mixing instruments: its per-condition entries are the no-JVM
cross-check's, so condition s1ms has 1 run and retention max 50% (the Kafka run k1, which keeps 100%, is not counted).
Held-out grid law: n1 (s = 1 ms, first phase 700 us, 2 sends) from the flights of the other run of s1ms, k1 (400 us):
predicted 1.0 against 0.5 observed, median |error| 50.00%.""")


WIRE_H = H + ",produce_resp_ns,fetch_resp_ns"
WIRE_FIELDS = ["block", "isr_changed", "other_run_pct", "wire_capture", "wire_missed", "events_complete", "wire_align_err_ns",
               "cluster_age_ms", "wire_follower_wait_p50_us", "wire_consumer_fetches", "wire_consumer_timeouts"]
WIRE_PLAN = {"campaign": "wire", "blocks": 7, "brokers": 3, "seed": 5,
             "conditions": [{"name": c} for c in ["rf1", "rf1-hold", "acks1", "acks1-fw5", "acksall", "acksall-fw5"]],
             "exclusion": {"other_run_pct_above": 10, "isr_changed": True, "wire_missed_pct_above": 1}}


def wev(seq, p, d, f, t):
    """One captured event: produce response p, ack d, fetch response f, receive t ns after the send (None: empty)."""
    send_ns = 1_000_000_000 + seq * 1_000_000
    send_us = 1_700_000_000_000_000 + seq * 1000 + 700
    cell = lambda x: "" if x is None else str(send_ns + x)
    return (f"{seq},{send_ns},{cell(d)},{cell(t)},{send_us},{send_us + (t // 1000 if t is not None else 0) if t is not None else ''},"
            f"{send_us // 1000 if t is not None else ''},{cell(p)},{cell(f)}")


def w_fields(block, follower="", fetches="100", timeouts="0", isr="no", age="95000"):
    return {**a_fields("default", "shared", "0"), "block": block, "isr_changed": isr, "other_run_pct": "1.0",
            "wire_capture": "true", "wire_missed": "0", "events_complete": "2", "wire_align_err_ns": "800",
            "cluster_age_ms": age, "wire_follower_wait_p50_us": follower, "wire_consumer_fetches": fetches,
            "wire_consumer_timeouts": timeouts}


SHIFTS = [3000, 3500, 4000, 2500, 5000, 3300, 7000]


def wire():
    runs = []
    for b in range(1, 8):
        k = str(b)
        second = wev(1, 100_000, 150_000, 50_000, 100_000) if b == 7 else wev(1, 100_000, 150_000, 400_000, 450_000)
        runs.append((f"a{b}", "acks1", "ok", f"acks1 block {b}", [wev(0, 100_000, 150_000, 400_000, 450_000), second],
                     w_fields(k)))
        f = 400_000 + SHIFTS[b - 1] * 1000
        runs.append((f"f{b}", "acks1-fw5", "ok", f"acks1-fw5 block {b}: G shifted by {SHIFTS[b - 1]} us",
                     [wev(i, 100_000, 150_000, f, f + 50_000) for i in range(2)],
                     w_fields(k, follower="5500" if b < 7 else "4000")))
        runs.append((f"h{b}", "rf1-hold", "ok", f"rf1-hold block {b}",
                     [wev(i, 100_000, 150_000, 2_600_000, 2_650_000) for i in range(2)],
                     w_fields(k, fetches="100", timeouts="95" if b < 7 else "50")))
        runs.append((f"s{b}", "acksall", "ok", f"acksall block {b}: fetch response first",
                     [wev(i, 500_000, 550_000, 490_000, 560_000) for i in range(2)], w_fields(k)))
        runs.append((f"t{b}", "acksall-fw5", "ok", f"acksall-fw5 block {b}: D shifted by 3000 us",
                     [wev(i, 3_500_000, 3_550_000, 3_490_000, 3_560_000) for i in range(2)], w_fields(k)))
        runs.append((f"r{b}", "rf1", "ok", f"rf1 block {b}: no wire stamps",
                     [wev(i, None, 150_000, None, 450_000) for i in range(2)], w_fields(k, fetches="", timeouts="")))
    runs.append(("x1", "acks1", "ok", "acks1, ISR changed: excluded", [wev(0, 100_000, 150_000, 400_000, 450_000)],
                 w_fields("1", isr="yes")))
    campaign("wire", "wire", runs, """Synthetic wire campaign (issue #55), 7 blocks, hand-computed answers.
acks1: G = +300 us for both events of blocks 1-6; block 7's second event G = -50 us, A = -50 us (broker order reversed):
share G > 0 per block 1,1,1,1,1,1,0.5: 6 of 7 above 0.99, sign test p = 8/128 = 0.0625. Block medians of G 300 (x6) and
125 us: wire.acks1.gapMedian 300 us. x1 (ISR changed) is excluded and counted.
acks1-fw5: G = 300 us + shift, shifts 3000, 3500, 4000, 2500, 5000, 3300, 7000 us; per-block shifts over acks1 the same
except block 7: 7175 us; within [2000, 6000]: 7 of 7 above, 6 of 7 below: p = 8/128. D = 150 us as acks1: ratio 1 in
every block, p = 1/128. Follower wait 5500 us (blocks 1-6) and 4000 us (7): p = 8/128. Consumer timeouts 0 of 100.
rf1-hold: timeouts 95 of 100 (blocks 1-6), 50 of 100 (7): rivalTold 6 of 7, p = 8/128.
Holm over the three primary p = 0.0625 each: 0.1875 each.
acksall and acksall-fw5: G = -10 us for every event (share G < 0 = 1, p = 1/128); D 550 and 3550 us: shift 3000 us
in every block, p = 1/128. rf1: no wire stamps at all: its wire entries are unavailable.""",
             plan=WIRE_PLAN, fields=WIRE_FIELDS, events_header=WIRE_H)


def wirenone():
    runs = [("a1", "acks1", "ok", "acks1 block 1", [wev(0, 100_000, 150_000, 400_000, 450_000)], w_fields("1")),
            ("a2", "acks1", "ok", "acks1 without a block: in no block", [wev(0, 100_000, 150_000, 400_000, 450_000)],
             w_fields("")),
            ("h1", "rf1-hold", "ok", "rf1-hold block 1: 95 of 100 fetches ran out their wait",
             [wev(0, 100_000, 150_000, 2_600_000, 2_650_000)], w_fields("1", fetches="100", timeouts="95")),
            ("f1", "acks1-fw5", "ok", "acks1-fw5 block 1: G 3300 us, but 50 of 100 consumer fetches ran out their wait",
             [wev(0, 100_000, 150_000, 3_400_000, 3_450_000)], w_fields("1", follower="5500", fetches="100", timeouts="50")),
            ("z1", "acks1", "failed", "a failed run: never analysed, never excluded", None, w_fields("1"))]
    campaign("wirenone", "wire", runs, """Synthetic wire campaign with one block: acks1Order p = 1/2 (one block above 0.99);
followerGap one shift of 3000 us inside [2000, 6000]: p = max(1/2, 1/2) = 1/2; rivalTold: rf1-hold ran out 95 % but
acks1-fw5 50 % (> 10 %), so the block counts against: p = 1. Holm over 1/2, 1/2, 1: 1 each. a2 names no block and enters
no test; z1 failed (not usable, not counted as excluded).""", plan=WIRE_PLAN, fields=WIRE_FIELDS, events_header=WIRE_H)


if __name__ == "__main__":
    for r in ["full", "bare", "minimal", "clashkey", "clashmacro", "mixed", "iso", "isonone", "replay", "replaynone", "newc", "onedlaw", "confirm", "confirmnone", "setting", "cluster", "clusternone", "systems", "hosts", "wire", "wirenone"]:
        shutil.rmtree(os.path.join(HERE, r), ignore_errors=True)
    full()
    bare()
    minimal()
    mixed()
    iso()
    isonone()
    replay()
    replaynone()
    newc()
    onedlaw()
    confirm()
    confirmnone()
    setting()
    cluster()
    clusternone()
    systems()
    hosts()
    wire()
    wirenone()
    clash("clashkey", ["a.b", "a-b"], "Synthetic: conditions \"a.b\" and \"a-b\" both give the key segment a-b (duplicate key).")
    clash("clashmacro", ["aB", "a-b"], "Synthetic: conditions \"aB\" and \"a-b\" both spell the macro ...CAB (duplicate macro).")
