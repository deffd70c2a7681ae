// OmbResultRun: writes OpenMessaging Benchmark's own result JSON (a serialized io.openmessaging.benchmark.TestResult)
// for one workload and one driver, exactly as OMB's Benchmark.main does it with a LocalWorker, so that the archive
// has a real OMB result file to check ftl audit's reader against (data/audit/demo/outputs/omb-*.json). Not part of
// the archive's Maven build: src/main/sh/omb-run.sh (mode "result") compiles it against an OMB checkout (the
// framework's WorkloadGenerator, TestResult, Workload, DriverConfiguration and LocalWorker from OMB's sources, the
// driver's jars) and runs it from the checkout's root, where a workload's payloadFile is resolved, as bin/benchmark is.
//
// What it does, line for line Benchmark.main's body for one workload and one driver config (benchmark-framework,
// io.openmessaging.benchmark.Benchmark at the plan's omb_commit): read the workload with OMB's YAML mapper
// (FAIL_ON_UNKNOWN_PROPERTIES off, READ_UNKNOWN_ENUM_VALUES_USING_DEFAULT_VALUE on), read the DriverConfiguration,
// worker = new LocalWorker(), worker.stopAll(), worker.initializeDriver(config), new WorkloadGenerator(
// driverConfiguration.name, workload, worker).run() (topics, consumers, producers, the probe, the warm-up of
// warmupDurationMinutes, resetStats, testDurationMinutes of 10 s periods, the aggregated figures), then
// new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(out, result), generator.close(),
// worker.stopAll(), worker.close(). What it leaves out of Benchmark.main: JCommander's argument parsing, the
// distributed workers (HttpWorkerClient) and the default file name (the output is named with --out, as OMB's -o).
// Unlike Benchmark.main, which logs a failed workload and exits 0, a failure here exits 5, so no partial or
// missing result is ever recorded as a run.
//
// Usage: java -cp <omb classes + jars>:<this> OmbResultRun --workload W.yaml --driver D.yaml --out result.json
// Exit 0 ok, 2 usage, 5 instrument failure.

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.openmessaging.benchmark.DriverConfiguration;
import io.openmessaging.benchmark.TestResult;
import io.openmessaging.benchmark.Workload;
import io.openmessaging.benchmark.WorkloadGenerator;
import io.openmessaging.benchmark.worker.LocalWorker;
import io.openmessaging.benchmark.worker.Worker;
import java.io.File;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public final class OmbResultRun {
  private OmbResultRun() {
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> a = new HashMap<>();
    if (args.length % 2 != 0) {
      usage("odd number of arguments");
    }
    for (int i = 0; i + 1 < args.length; i += 2) {
      if (!args[i].startsWith("--")) {
        usage("unexpected argument " + args[i]);
      }
      a.put(args[i].substring(2), args[i + 1]);
    }
    for (String k : List.of("workload", "driver", "out")) {
      if (!a.containsKey(k)) {
        usage("missing --" + k);
      }
    }
    // Benchmark.mapper and Benchmark.writer, as OMB declares them
    ObjectMapper mapper = new ObjectMapper(new YAMLFactory())
        .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    mapper.enable(DeserializationFeature.READ_UNKNOWN_ENUM_VALUES_USING_DEFAULT_VALUE);
    ObjectWriter writer = new ObjectMapper().writerWithDefaultPrettyPrinter();

    Workload workload = mapper.readValue(new File(a.get("workload")), Workload.class);
    File driverConfigFile = new File(a.get("driver"));
    DriverConfiguration driverConfiguration = mapper.readValue(driverConfigFile, DriverConfiguration.class);
    Worker worker = new LocalWorker();
    int exit = 0;
    try {
      worker.stopAll();
      worker.initializeDriver(driverConfigFile);
      WorkloadGenerator generator = new WorkloadGenerator(driverConfiguration.name, workload, worker);
      TestResult result = generator.run();
      writer.writeValue(new File(a.get("out")), result);
      generator.close();
    } catch (Exception e) {
      System.err.println("OmbResultRun: the workload '" + workload.name + "' failed for driver '"
          + driverConfigFile + "': " + e);
      e.printStackTrace();
      exit = 5;
    } finally {
      worker.stopAll();
    }
    worker.close();
    System.exit(exit);
  }

  private static void usage(String why) {
    System.err.println("OmbResultRun: " + why
        + "\nusage: OmbResultRun --workload W.yaml --driver D.yaml --out result.json");
    System.exit(2);
  }
}
