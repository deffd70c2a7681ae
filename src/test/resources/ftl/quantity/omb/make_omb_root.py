#!/usr/bin/env python3
"""Writes the synthetic data root of the real-OMB registry tests (synthetic, never measurements): full/.

full/omb-real     an OMB ledger (the columns of ftl.data.OmbFormat) with 9 runs: nolinger-1000 (3 runs, dropped
                  0.2, 0.5, 0.8), nolinger-4000 (3 runs, 0.45, 0.5, 0.55), latency-1000 (2 runs, 0 and 0.01, fewer
                  than the 3 the held-out verdict needs) and one failed run; 1,000 messages received per ok run.
full/omb-matched  an instrument campaign with one ok run per matched condition: flights 200, 400, 600, 800 us
                  (plus one event never delivered) at 1 ms and at 250 us, flights 1,200 and 1,500 us at 1 ms with
                  linger 1 ms.
Known answers (hand-computed in OmbRealQuantitiesTest): at 1 ms (b = 1) the predicted dropped share over start
phases is 1, 0.75, 0.5, 0.25, 0 on fifths of the phase range (mean 0.5, sigma sqrt(0.125)); at 250 us (b = 4)
it is 0.625, 0.5625, 0.5, 0.4375, 0.375 (mean 0.5); with flights above 1 ms it is 0.
systems/          OMB's NATS and RabbitMQ drivers' ledgers and an instrument campaign on NATS (see main()).
Run from this folder:  python3 make_omb_root.py   (deterministic: re-running leaves git clean)
"""
import hashlib, json, os, shutil

HERE = os.path.dirname(os.path.abspath(__file__))
LEDGER = ("run_id,condition,status,reason,repeat,order_index,started_at,rate_msg_per_s,send_interval_ns,payload_bytes,"
          "warmup_s,duration_s,driver_config,driver_config_sha256,run_file,run_sha256,messages_sent,messages_received,"
          "e2e_count,dropped_share,period_messages_received,period_e2e_count,e2e_p50_us,e2e_p99_us,e2e_max_us,"
          "send_errors,other_cpu_pct,loadavg_start,loadavg_end,omb_commit,kafka_clients_version,bootstrap,host_cpu,"
          "host_cores,kernel,clocksource,jvm,git_commit")
RUN_HEADER = "section,index,messages_sent,messages_received,e2e_count,publish_count,e2e_p50_us,e2e_p99_us,e2e_max_us"


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="\n") as f:
        f.write(text)


def sha(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def run_file(received, kept):
    # two periods whose counts need not match the cumulative row (OMB's reads are not atomic); e2e at 1 and 2 ms
    one = kept // 2
    lines = ["# omb-run/1: synthetic fixture for the registry tests, not a measurement",
             "# two warm-up seconds, two measured seconds, the cumulative row, the histogram's values",
             RUN_HEADER,
             "warmup,1,500,500,400,500,1000,2000,2000",
             "warmup,2,500,500,600,500,1000,2000,2000",
             f"period,1,{received // 2},{received // 2},{one + 3},{received // 2},1000,2000,2000",
             f"period,2,{received - received // 2},{received - received // 2},{kept - one - 3},{received // 2},,,",
             f"cumulative,0,{received},{received},{kept},{received},1000,2000,2000"]
    if one:
        lines.append(f"e2e_ms,1,,,{one},,,,")
    if kept - one:
        lines.append(f"e2e_ms,2,,,{kept - one},,,,")
    return "\n".join(lines) + "\n"


def omb_real(root):
    d = os.path.join(root, "omb-real")
    plan = {
        "campaign": "omb-real", "omb_commit": "0" * 40, "description": "synthetic plan of the registry tests",
        "conditions": [
            {"name": "nolinger-1000", "rate_msg_per_s": 1000, "matched_condition": "nolinger-1000"},
            {"name": "nolinger-4000", "rate_msg_per_s": 4000, "matched_condition": "nolinger-4000"},
            {"name": "latency-1000", "rate_msg_per_s": 1000, "matched_condition": "latency-1000"}],
        "predictions": {"held_out_prediction": {"tolerance_abs": 0.05, "phase_grid_points": 1000}}}
    write(os.path.join(d, "plan.json"), json.dumps(plan, indent=1) + "\n")
    runs = [("r01", "nolinger-1000", 1000, 800), ("r02", "nolinger-4000", 4000, 550), ("r03", "latency-1000", 1000, 1000),
            ("r04", "nolinger-1000", 1000, 500), ("r05", "nolinger-4000", 4000, 500), ("r06", "latency-1000", 1000, 990),
            ("r07", "nolinger-1000", 1000, 200), ("r08", "nolinger-4000", 4000, 450)]
    rows = [LEDGER]
    for i, (rid, cond, rate, kept) in enumerate(runs):
        rel = f"runs/{rid}.csv"
        write(os.path.join(d, rel), run_file(1000, kept))
        dropped = "%.6f" % (1 - kept / 1000)
        rows.append(f"{rid},{cond},ok,\"\",{i // 3 + 1},{i},2026-11-30T10:00:00.000Z,{rate},{10**9 // rate},100,10,30,"
                    f"driver-kafka/kafka-no-linger.yaml,{'a' * 64},{rel},{sha(os.path.join(d, rel))},1000,1000,{kept},"
                    f"{dropped},1000,{kept},1000,2000,2000,0,1.0,0.1,0.1,{'0' * 40},3.6.1,127.0.0.1:9092,AMD EPYC,2,"
                    f"6.0,kvm-clock,OpenJDK,{'1' * 40}")
    rows.append(f"r09,nolinger-1000,failed,\"driver exit 5\",3,8,2026-11-30T10:10:00.000Z,1000,1000000,100,10,30,"
                f"driver-kafka/kafka-no-linger.yaml,{'a' * 64},,,,,,,,,,,,,1.0,0.1,0.1,{'0' * 40},3.6.1,127.0.0.1:9092,"
                f"AMD EPYC,2,6.0,kvm-clock,OpenJDK,{'1' * 40}")
    write(os.path.join(d, "ledger.csv"), "\n".join(rows) + "\n")


def ev(seq, flight_us, recv=True):
    send_ns = 1_000_000_000 + seq * 1_000_000
    send_us = 1_700_000_000_000_000 + seq * 1000
    r = str(send_ns + flight_us * 1000) if recv else ""
    ru = str(send_us + flight_us) if recv else ""
    c = str(send_us // 1000) if recv else ""
    return f"{seq},{send_ns},{send_ns + 50_000},{r},{send_us},{ru},{c}"


def omb_matched(root):
    d = os.path.join(root, "omb-matched")
    rows = ["run_id,condition,status,events_file,events_sha256,send_interval_ns,payload_bytes,acks,linger_ms"]
    for rid, cond, interval, linger, flights in [
            ("m1", "nolinger-1000", 1_000_000, 0, [200, 400, 600, 800]),
            ("m2", "nolinger-4000", 250_000, 0, [800, 600, 400, 200]),
            ("m3", "latency-1000", 1_000_000, 1, [1200, 1500])]:
        evs = ["# synthetic events of the matched campaign (registry tests), flights in us: " + " ".join(map(str, flights)),
               "seq,send_ns,ack_ns,recv_ns,send_us,recv_us,create_ms"]
        evs += [ev(i, f) for i, f in enumerate(flights)]
        evs.append(ev(len(flights), 0, recv=False))
        rel = f"events/{rid}.csv"
        write(os.path.join(d, rel), "\n".join(evs) + "\n")
        rows.append(f"{rid},{cond},ok,{rel},{sha(os.path.join(d, rel))},{interval},100,all,{linger}")
    write(os.path.join(d, "ledger.csv"), "\n".join(rows) + "\n")


OMB_NATS_PLAN = {
    "campaign": "omb-nats", "omb_commit": "0" * 40, "description": "synthetic plan of the registry tests",
    "defaults": {"driver_config": "driver-nats/nats.yaml"},
    "conditions": [{"name": "n1", "rate_msg_per_s": 1000}, {"name": "n2", "rate_msg_per_s": 800}],
    "criteria": {"version": 1, "rules": [
        {"id": "droppedSome", "claim": "the guard drops at least a tenth", "kind": "empirical",
         "statistic": "ombNats.dropped.n1", "comparison": ">=", "threshold": 0.1, "unit": "fraction",
         "sidedness": "one-sided", "replication": "run", "runs": ["n1"],
         "testable_if": {"statistic": "ombNats.runs", "comparison": ">=", "threshold": 2, "unit": "count"}},
        {"id": "medianOneTick", "claim": "the median is one tick", "kind": "empirical", "statistic": "ombNats.e2eMedian.n1",
         "comparison": "<=", "threshold": 1, "unit": "ms", "sidedness": "one-sided", "replication": "run", "runs": ["n1"]}]}}


def omb_system(root, folder, rows_spec, plan=None, digest=True):
    """An OMB ledger of another driver (the columns of ftl.data.OmbFormat, then plan_sha256 when digest)."""
    d = os.path.join(root, folder)
    plan_sha = ""
    if plan is not None:
        write(os.path.join(d, "plan.json"), json.dumps(plan, indent=1) + "\n")
        plan_sha = sha(os.path.join(d, "plan.json"))
    rows = [LEDGER + (",plan_sha256" if digest else "")]
    for i, (rid, cond, status, kept) in enumerate(rows_spec):
        tail = ("," + plan_sha) if digest else ""
        if status == "ok":
            rel = f"runs/{rid}.csv"
            write(os.path.join(d, rel), run_file(1000, kept))
            rows.append(f"{rid},{cond},ok,\"\",1,{i},2026-12-01T10:00:00.000Z,1000,1000000,100,10,30,driver-x/x.yaml,"
                        f"{'a' * 64},{rel},{sha(os.path.join(d, rel))},1000,1000,{kept},{'%.6f' % (1 - kept / 1000)},1000,{kept},"
                        f"1000,2000,2000,0,1.0,0.1,0.1,{'0' * 40},2.21.1,127.0.0.1:4222,AMD EPYC,2,6.0,kvm-clock,OpenJDK,"
                        f"{'1' * 40}{tail}")
        else:
            rows.append(f"{rid},{cond},failed,\"driver exit 5\",1,{i},2026-12-01T10:10:00.000Z,1000,1000000,100,10,30,"
                        f"driver-x/x.yaml,{'a' * 64},,,,,,,,,,,,,1.0,0.1,0.1,{'0' * 40},2.21.1,127.0.0.1:4222,AMD EPYC,2,"
                        f"6.0,kvm-clock,OpenJDK,{'1' * 40}{tail}")
    write(os.path.join(d, "ledger.csv"), "\n".join(rows) + "\n")


def nats_campaign(root):
    d = os.path.join(root, "nats")
    evs = ["# synthetic events of an instrument campaign on NATS (registry tests): flights 400 us",
           "seq,send_ns,ack_ns,recv_ns,send_us,recv_us,create_ms", ev(0, 400), ev(1, 400)]
    write(os.path.join(d, "events/k1.csv"), "\n".join(evs) + "\n")
    write(os.path.join(d, "ledger.csv"), "run_id,condition,status,events_file,events_sha256,send_interval_ns,instrument,"
          "system,block\n" f"k1,si1ms,ok,events/k1.csv,{sha(os.path.join(d, 'events/k1.csv'))},1000000,nats,nats,1\n")
    write(os.path.join(d, "plan.json"), json.dumps({"campaign": "nats", "system": "nats", "blocks": 1,
          "conditions": [{"name": "si1ms"}]}, indent=1) + "\n")


def main():
    root = os.path.join(HERE, "full")
    shutil.rmtree(root, ignore_errors=True)
    omb_real(root)
    omb_matched(root)
    # systems/: OMB's NATS driver (a plan with criteria, every row naming its digest: runs of n1 keeping 800 and 500
    # of 1,000, e2e at 1 and 2 ms in halves, so the pooled median is 1 ms and the mean dropped share 0.35; n2 has no
    # run), OMB's RabbitMQ driver without a plan, and our instrument's NATS campaign (flights 400 us: 1 ms / 400 us = 2.5)
    root = os.path.join(HERE, "systems")
    shutil.rmtree(root, ignore_errors=True)
    omb_system(root, "omb-nats", [("r01", "n1", "ok", 800), ("r02", "n1", "ok", 500), ("r03", "n1", "failed", 0)], OMB_NATS_PLAN)
    omb_system(root, "omb-rabbitmq", [("r01", "a", "ok", 999)], None, digest=False)
    nats_campaign(root)



def perftest(root, plan_edit=None):
    """A synthetic RabbitMQ PerfTest folder (the columns of ftl.data.PerfTestFormat) of the registry tests."""
    d = os.path.join(root, "perftest")
    plan = {"campaign": "perftest", "perftest_version": "2.16.0", "description": "synthetic plan of the registry tests",
            "conditions": [{"name": "nanos", "rate_msg_per_s": 1000}, {"name": "millis", "rate_msg_per_s": 1000, "use_millis": True},
                           {"name": "empty", "rate_msg_per_s": 800}],
            "criteria": {"version": 1, "rules": [
                {"id": "leftOutMillis", "claim": "millis leaves most out", "kind": "empirical", "statistic": "perftest.leftOut.millis",
                 "comparison": ">=", "threshold": 0.5, "unit": "fraction", "sidedness": "one-sided", "replication": "run",
                 "runs": ["millis"]}]}}
    write(os.path.join(d, "plan.json"), json.dumps(plan, indent=1) + "\n")
    plan_sha = sha(os.path.join(d, "plan.json"))
    header = ("run_id,condition,status,reason,repeat,order_index,started_at,rate_msg_per_s,use_millis,duration_s,size_bytes,"
              "scrape_at_s,stdout_file,stdout_sha256,metrics_file,metrics_sha256,loadavg_start,loadavg_end,perftest_version,"
              "amqp_client_version,server,host_cpu,host_cores,kernel,jvm,plan_sha256,git_commit")
    rows = [header]
    # (run, condition, millis, consumed, latency samples, printed medians, unit)
    for i, (rid, cond, millis, consumed, samples, medians, unit) in enumerate([
            ("p01", "nanos", "no", 1000, 1000, [200, 300, 250], "\u00b5s"),
            ("p02", "millis", "yes", 1000, 300, [1, 1, 0], "ms"),
            ("p03", "millis", "yes", 1000, 100, [1, 1], "ms")]):
        out = "\n".join([f"id: {rid}, starting consumer #0", f"id: {rid}, starting producer #0"]
                        + [f"id: {rid}, time: {k + 1}.000s, sent: 1000 msg/s, received: 1000 msg/s, "
                           f"min/median/75th/95th/99th consumer latency: 0/{m}/{m}/{m}/{m} {unit}" for k, m in enumerate(medians)]
                        + [f"test stopped (Reached time limit)", f"id: {rid}, sending rate avg: 1000 msg/s"]) + "\n"
        prom = ("# HELP client_consumed_total\n# TYPE client_consumed_total counter\n"
                f"client_consumed_total{{type=\"a\"}} {consumed - 1}.0\nclient_consumed_total{{type=\"b\"}} 1.0\n"
                f"# TYPE perftest_latency_seconds summary\nperftest_latency_seconds_count {samples}.0\n"
                f"perftest_latency_seconds_sum 0.5\nperftest_other_total 7.0\n")
        write(os.path.join(d, f"runs/{rid}.txt"), out)
        write(os.path.join(d, f"runs/{rid}.prom"), prom)
        rows.append(f"{rid},{cond},ok,\"\",1,{i},2026-12-01T11:00:00.000Z,1000,{millis},30,100,28,runs/{rid}.txt,"
                    f"{sha(os.path.join(d, f'runs/{rid}.txt'))},runs/{rid}.prom,{sha(os.path.join(d, f'runs/{rid}.prom'))},"
                    f"0.1,0.2,2.16.0,5.13.1,127.0.0.1:5672,AMD EPYC,2,6.0,OpenJDK,{plan_sha},{'1' * 40}")
    rows.append(f"p04,nanos,failed,\"perftest exit 1\",1,3,2026-12-01T11:02:00.000Z,1000,no,30,100,28,runs/p04.txt,,runs/p04.prom,,"
                f"0.1,0.2,2.16.0,5.13.1,127.0.0.1:5672,AMD EPYC,2,6.0,OpenJDK,{plan_sha},{'1' * 40}")
    write(os.path.join(d, "ledger.csv"), "\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
    perftest(os.path.join(HERE, "systems"))
