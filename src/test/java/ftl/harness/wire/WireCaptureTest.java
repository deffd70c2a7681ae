package ftl.harness.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The capture process: its filter, its closing counts, and its watchdog (no capture outlives a killed runner). */
class WireCaptureTest {
  @TempDir Path tmp;

  static boolean tcpdumpInstalled() {
    return Files.isExecutable(Path.of("/usr/bin/tcpdump")) || Files.isExecutable(Path.of("/usr/sbin/tcpdump"));
  }

  @Test
  void filter_ports_tcpToOrFromAnyOfThem() {
    assertThat(WireCapture.filter(List.of(9092, 9093))).isEqualTo("tcp and (port 9092 or port 9093)");
  }

  @Test
  void droppedIn_tcpdumpsClosingCounts_readsTheKernelsDrops() {
    assertThat(
        WireCapture.droppedIn("12 packets captured\n14 packets received by filter\n3 packets dropped by kernel\n"))
        .isEqualTo(3);
    assertThat(WireCapture.droppedIn("tcpdump: listening on lo")).isEqualTo(-1);
  }

  @Test
  void endpoints_bootstrapList_addressAndPortEach() {
    assertThat(RunCapture.endpoints("127.0.0.1:9092, 127.0.0.2:9093,localhost:9094"))
        .containsExactly("127.0.0.1:9092", "127.0.0.2:9093", "127.0.0.1:9094");
  }

  @Test
  void startAndStop_aCaptureOfNothing_writesAFileAndReportsNoDrops() throws Exception {
    assumeTrue(tcpdumpInstalled(), "skipped: tcpdump is not installed");
    WireCapture c = WireCapture.start(tmp.resolve("c.pcap"), List.of(1));
    assertThat(c.stop()).isZero();
    try (PcapFile f = PcapFile.open(c.file())) {
      assertThat(f.nanosecond()).isTrue();
      assertThat(f.next()).isNull();
    }
  }

  @Test
  void watchdog_runnerKilled_captureStopsWithinASecond() throws Exception {
    assumeTrue(tcpdumpInstalled(), "skipped: tcpdump is not installed");
    Process runner = new ProcessBuilder("sleep", "60").start(); // stands for the runner's JVM
    Path log = tmp.resolve("w.log");
    Process shell = new ProcessBuilder(WireCapture.command(WireCapture.locate(), tmp.resolve("w.pcap"), List.of(1),
        runner.pid())).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (!Files.readString(log).contains(WireCapture.LISTENING) && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertThat(Files.readString(log)).contains(WireCapture.LISTENING);
      List<ProcessHandle> tcpdump = shell.descendants().toList();
      assertThat(tcpdump).isNotEmpty();
      runner.destroyForcibly(); // kill -9 of the runner: no shutdown hook runs
      assertThat(shell.waitFor(2, TimeUnit.SECONDS)).as("the watchdog ends").isTrue();
      for (ProcessHandle t : tcpdump) {
        t.onExit().get(2, TimeUnit.SECONDS);
        assertThat(t.isAlive()).as("tcpdump " + t.pid()).isFalse();
      }
    } finally {
      shell.descendants().forEach(ProcessHandle::destroyForcibly);
      shell.destroyForcibly();
      runner.destroyForcibly();
    }
  }
}
