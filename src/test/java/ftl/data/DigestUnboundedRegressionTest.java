package ftl.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.cli.CliRunner;
import ftl.cli.ExitCode;
import ftl.data.io.DataException;
import ftl.data.io.DataGate;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 58, case 10 (unbounded): 48 sparse files of 1 GiB in a campaign's {@code runs/} made {@code ftl --data R
 * --version} take 77 s: each file was capped, but not the total the data digest hashed. Now the bytes the digest covers
 * are summed from the files' sizes before any is read, and a root over {@link DataGate#MAX_DIGEST_BYTES} (4 GiB) is
 * refused (exit 3, naming the root and the file where the cap was reached). Sparse files cost no disk.
 */
class DigestUnboundedRegressionTest {

  /** One campaign, and five sparse files of 1 GiB each (each within its own cap, 5 GiB in all) in its runs/. */
  private static void root(Path data) throws Exception {
    HostileRootTest.campaign(data);
    for (int i = 1; i <= 5; i++) {
      HostileRootTest.sparse(data.resolve("c/runs/big" + i + ".bin"), 1L << 30);
    }
  }

  @Test
  void digest_fiveGibInFilesEachUnderTheirCap_refusedBeforeReading(@TempDir Path tmp) throws Exception {
    Path data = tmp.resolve("data");
    root(data);
    DataSet set = DataSet.scan(data, "data");
    assertThatThrownBy(set::digest).isInstanceOf(DataException.class)
        .hasMessage("data: the files the data digest covers hold more than 4294967296 bytes in all (the cap of a data "
            + "root's digest; reached at data/c/runs/big4.bin)");
  }

  @Test
  void reproduce_rootOverTheDigestCap_exitsBadData(@TempDir Path tmp) throws Exception {
    Path data = tmp.resolve("data");
    root(data);
    CliRunner.Result r = CliRunner.run("--root", tmp.toString(), "--data", data.toString(), "reproduce", "--check");
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.BAD_DATA);
    assertThat(r.err()).contains("the cap of a data root's digest").doesNotContain("\tat ");
  }
}
