package ftl.cache;

import static org.assertj.core.api.Assertions.assertThat;

import ftl.quantity.core.Analysis;
import ftl.quantity.core.ScanDetail;
import ftl.quantity.core.ScanResult;
import ftl.stats.ConfirmCoverage;
import ftl.stats.CorrelationWindow;
import ftl.stats.ExactHistogram;
import ftl.stats.GridLaw;
import ftl.stats.GuardCounts;
import ftl.stats.GuardResult;
import ftl.stats.Rate;
import ftl.stats.SignCheckResult;
import ftl.stats.SmoothLimit;
import ftl.stats.WindowedCorrelation;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** The cache file format stores every double by its raw bits: NaN payloads, -0.0 and infinities come back exactly. */
class RunSummaryFileTest {

  static ScanResult summary(String sha, double mean, double comoment, double median) {
    GuardResult guard = new GuardResult(4, 2, 1, 1, 1, 0, 3.0, 1.0, 1234.5);
    GuardCounts wall = new GuardCounts(9, 5, 1, 3, 2, 7);
    WindowedCorrelation.State c = new WindowedCorrelation.State(new CorrelationWindow(-1, 2, Long.MIN_VALUE,
        Long.MAX_VALUE), 3, mean, -mean, comoment, Double.MIN_VALUE, -comoment, 5, 6);
    return new ScanResult(sha, 7, new SignCheckResult(7, 4, 2, 2, 1, 1, 0), guard, wall,
        new GridLaw.RunPrediction(4, 2, 2, 4, 3), median, -median, c, 999, detail(),
        new ConfirmCoverage.Result(5, 2, 3, 1), new Analysis.ScanParameters(-250, 1_013_000, true, true));
  }

  /** A detail whose histograms hold the extremes of 64 bits (deltas that overflow a signed long) and repeats. */
  static ScanDetail detail() {
    ExactHistogram flights = ExactHistogram.of(new long[] {Long.MIN_VALUE, -1, 0, 0, 3, Long.MAX_VALUE, 3, 3});
    return new ScanDetail(new SmoothLimit.Sum(2_000_000, 8, 1_000_000), new Rate(2, 5), 1000, flights, List.of(),
        List.of(),
        ExactHistogram.of(new long[] {0, 999, 999, 500, 1, 0, 0, 7}), ExactHistogram.of(new long[] {-5, 7, 7, 1 << 20}),
        ExactHistogram.of(new long[] {-3, 1_250_000, 1_250_000, Long.MAX_VALUE}));
  }

  @Test
  void decode_ofEncode_returnsEveryFieldBitForBit() {
    double nanWithPayload = Double.longBitsToDouble(0x7ff8_0000_dead_beefL);
    List<ScanResult> in = List.of(
        summary("a".repeat(64), 0.1 + 0.2, 1e300, nanWithPayload),
        summary("b".repeat(64), -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY),
        summary("0123456789abcdef".repeat(4), Double.MAX_VALUE, Double.NaN, -0.0));
    Map<String, ScanResult> out = RunSummaryFile.decode(RunSummaryFile.encode("fp", in), "fp").orElseThrow();
    assertThat(out.keySet()).containsExactly(in.get(0).sha256(), in.get(1).sha256(), in.get(2).sha256());
    for (ScanResult s : in) {
      ScanResult r = out.get(s.sha256());
      assertThat(r).isEqualTo(s);
      assertThat(Double.doubleToRawLongBits(r.medianDisplacementNanos()))
          .isEqualTo(Double.doubleToRawLongBits(s.medianDisplacementNanos()));
      assertThat(Double.doubleToRawLongBits(r.correlation().meanAckSpanNanos()))
          .isEqualTo(Double.doubleToRawLongBits(s.correlation().meanAckSpanNanos()));
      assertThat(Double.doubleToRawLongBits(r.correlation().comomentDA()))
          .isEqualTo(Double.doubleToRawLongBits(s.correlation().comomentDA()));
      assertThat(r.wallMicrosGuard()).isEqualTo(s.wallMicrosGuard());
    }
    assertThat(Double.doubleToRawLongBits(out.get("a".repeat(64)).medianDisplacementNanos()))
        .isEqualTo(0x7ff8_0000_dead_beefL);
  }

  @Test
  void decode_histogramNotAscendingOrTruncated_isEmpty() {
    byte[] file = RunSummaryFile.encode("fp", List.of(summary("e".repeat(64), 1, 2, 3)));
    assertThat(RunSummaryFile.decode(Arrays.copyOf(file, file.length - 9), "fp")).isEmpty();
    // a stored histogram whose second value repeats the first (delta 0): refused by ExactHistogram.ofCounts, so a
    // miss, not an exception; the CRC is recomputed so that only the content is wrong
    ScanResult s = summary("f".repeat(64), 1, 2, 3);
    byte[] good = RunSummaryFile.encode("fp", List.of(s));
    assertThat(RunSummaryFile.decode(good, "fp")).isPresent();
    byte[] bad = good.clone();
    int at = indexOfWallHistogram(bad);
    bad[at + 3] = 0; // the delta of the second value of the wall-flight histogram
    assertThat(RunSummaryFile.decode(withCrc(bad), "fp")).isEmpty();
  }

  /**
   * Where the last histogram (wall flights: 4 distinct values -5, 7, 2^20) starts: its count 3, then zig-zag(-5) = 9.
   */
  private static int indexOfWallHistogram(byte[] file) {
    for (int i = file.length - 9; i >= 0; i--) {
      if (file[i] == 3 && file[i + 1] == 9 && file[i + 2] == 1) {
        return i;
      }
    }
    throw new AssertionError("histogram not found");
  }

  private static byte[] withCrc(byte[] file) {
    CRC32 crc = new CRC32();
    crc.update(file, 0, file.length - 8);
    ByteBuffer.wrap(file, file.length - 8, 8).putLong(crc.getValue());
    return file;
  }

  @Test
  void decode_otherFingerprintOrNoEntries_isEmptyOrEmptyMap() {
    byte[] file = RunSummaryFile.encode("fp", List.of(summary("c".repeat(64), 1, 2, 3)));
    assertThat(RunSummaryFile.decode(file, "other")).isEmpty();
    assertThat(RunSummaryFile.decode(RunSummaryFile.encode("fp", List.of()), "fp")).contains(Map.of());
  }

  @Test
  void scanResult_invalidFields_areRefused() {
    ScanResult x = summary("d".repeat(64), 1, 2, 3);
    Assertions.assertThatThrownBy(() -> new ScanResult("D".repeat(64), 1, x.sign(),
        x.guard(), x.wallMicrosGuard(), x.grid(), 0, 0, x.correlation(), 0, x.detail(), x.coverage(), x.parameters()))
        .hasMessageContaining("SHA-256");
    Assertions.assertThatThrownBy(() -> new ScanResult("d".repeat(64), 0, x.sign(),
        x.guard(), x.wallMicrosGuard(), x.grid(), 0, 0, x.correlation(), 0, x.detail(), x.coverage(), x.parameters()))
        .hasMessageContaining("at least one row");
    Assertions.assertThatThrownBy(() -> new ScanResult("d".repeat(64), 1, null,
        x.guard(), x.wallMicrosGuard(), x.grid(), 0, 0, x.correlation(), 0, x.detail(), x.coverage(), x.parameters()))
        .isInstanceOf(NullPointerException.class);
  }
}
