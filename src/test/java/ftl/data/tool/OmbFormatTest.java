package ftl.data.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One declaration of the real-OMB formats: the driver program that writes the per-run files and the script that
 * writes the ledger use exactly the names {@link OmbFormat} declares (the writers are not compiled with the
 * archive, so this test reads their text), and discovery tells an OMB ledger from an instrument ledger.
 */
class OmbFormatTest {

  @Test
  void driverProgram_writesTheDeclaredRunFormat() throws IOException {
    String src = Files.readString(Path.of("src/main/omb/OmbDriver.java"));
    assertThat(src).contains("static final String FORMAT = \"" + OmbFormat.RUN_FORMAT + "\";");
    String header = String.join(",", OmbFormat.RUN_HEADER);
    assertThat(src).contains("\"" + header.substring(0, header.indexOf("publish_count,") + "publish_count,".length())
        + "\"\n      + \"" + header.substring(header.indexOf("e2e_p50_us")) + "\"");
  }

  @Test
  void runScript_writesTheDeclaredLedgerHeader() throws IOException {
    String sh = Files.readString(Path.of("src/main/sh/omb-run.sh"));
    assertThat(sh).contains("local header=\"" + String.join(",", OmbFormat.LEDGER_HEADER) + "\"");
  }

  @Test
  void isOmbLedger_markerWithoutEventsFile_only(@TempDir Path tmp) throws IOException {
    Path f = tmp.resolve("ledger.csv");
    Files.writeString(f, "run_id,condition,omb_commit\n");
    assertThat(OmbFormat.isOmbLedger(f, "x")).isTrue();
    Files.writeString(f, "run_id,condition,status,events_file,events_sha256,omb_commit\n");
    assertThat(OmbFormat.isOmbLedger(f, "x")).isFalse();
    Files.writeString(f, "run_id,condition,status,events_file,events_sha256\n");
    assertThat(OmbFormat.isOmbLedger(f, "x")).isFalse();
    Files.writeString(f, "");
    assertThat(OmbFormat.isOmbLedger(f, "x")).isFalse();
  }
}
