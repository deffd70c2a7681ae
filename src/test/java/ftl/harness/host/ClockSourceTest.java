package ftl.harness.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kernel's clock source switched through a scratch folder standing in for sysfs (issue #44). */
class ClockSourceTest {
  private static ClockSource sysfs(Path dir, String current, String available) throws IOException {
    Files.writeString(dir.resolve("current_clocksource"), current + "\n");
    Files.writeString(dir.resolve("available_clocksource"), available + " \n");
    return new ClockSource(dir);
  }

  @Test
  void apply_offered_switchesReadsBackAndReturnsTheOldOne(@TempDir Path dir) throws IOException {
    ClockSource c = sysfs(dir, "kvm-clock", "kvm-clock tsc acpi_pm");
    assertThat(c.available()).isEqualTo(List.of("kvm-clock", "tsc", "acpi_pm"));
    assertThat(c.apply("tsc")).isEqualTo("kvm-clock");
    assertThat(c.current()).isEqualTo("tsc");
    assertThat(c.apply("tsc")).isEqualTo("tsc");
  }

  @Test
  void apply_notOffered_isRefusedAndNothingIsWritten(@TempDir Path dir) throws IOException {
    ClockSource c = sysfs(dir, "kvm-clock", "kvm-clock");
    ClockSource.Refused e = catchThrowableOfType(() -> c.apply("tsc"), ClockSource.Refused.class);
    assertThat(e).hasMessageContaining("clock source tsc is not offered by this kernel")
        .hasMessageContaining("available_clocksource: kvm-clock; in use: kvm-clock");
    assertThat(c.current()).isEqualTo("kvm-clock");
  }

  @Test
  void apply_unwritable_isRefusedNamingTheFile(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("available_clocksource"), "kvm-clock tsc\n");
    Files.createDirectories(dir.resolve("current_clocksource")); // a folder where the file should be: cannot be written
    ClockSource c = new ClockSource(dir);
    assertThat(c.current()).isEqualTo(ClockSource.UNKNOWN);
    ClockSource.Refused e = catchThrowableOfType(() -> c.apply("tsc"), ClockSource.Refused.class);
    assertThat(e).hasMessageContaining("clock source tsc could not be set: " + dir.resolve("current_clocksource"));
  }

  @Test
  void current_thisHost_isOneOfTheOfferedOnes() {
    String now = ClockSource.SYSTEM.current();
    List<String> offered = ClockSource.SYSTEM.available();
    if (!offered.isEmpty()) {
      assertThat(offered).contains(now);
    }
  }

  @Test
  void tickHz_gzippedOrPlainConfig_readsConfigHz(@TempDir Path dir) throws IOException {
    Path plain = dir.resolve("config");
    Files.writeString(plain, "# CONFIG_HZ_100 is not set\nCONFIG_HZ_250=y\nCONFIG_HZ=250\n");
    Path gz = dir.resolve("config.gz");
    try (var out = new GZIPOutputStream(Files.newOutputStream(gz))) {
      out.write("CONFIG_HZ=1000\n".getBytes(StandardCharsets.US_ASCII));
    }
    assertThat(HostFacts.tickHz(gz, plain)).isEqualTo("1000");
    assertThat(HostFacts.tickHz(dir.resolve("absent.gz"), plain)).isEqualTo("250");
    assertThat(HostFacts.tickHz(dir.resolve("absent.gz"), dir.resolve("absent"))).isEmpty();
  }
}
