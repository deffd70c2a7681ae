package ftl.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The host protocol's statistics on small synthetic boots (labelled synthetic; the registry-level answers, from an
 * independent brute force, are in {@code roots/hosts}): the degenerate cases each statistic declares.
 */
class HostStrataTest {
  private static final List<HostStrata.Contrast> FAMILY = List.of(new HostStrata.Contrast("jvm", "base", "fifojvm"));
  private static final HostStrata.ClockPair CLOCKS = new HostStrata.ClockPair("tsc", "kvm-clock", "base");

  private static HostStrata.Block block(int b, String clock, long base, long fifojvm) {
    return new HostStrata.Block(b, clock, Map.of("base", new HostStrata.Count(base, 100), "fifojvm",
        new HostStrata.Count(fifojvm, 100)));
  }

  @Test
  void count_outsideItsRange_refused() {
    assertThatThrownBy(() -> new HostStrata.Count(0, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new HostStrata.Count(-1, 4)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new HostStrata.Count(5, 4)).isInstanceOf(IllegalArgumentException.class);
    assertThat(new HostStrata.Count(0, 4).rate()).isEqualTo(0.125);
    assertThat(new HostStrata.Count(0, 4).corrected()).isTrue();
  }

  @Test
  void boot_blockLackingACondition_leftOutOfThatContrastOnly() {
    List<HostStrata.Block> blocks = List.of(block(1, "tsc", 4, 1), block(2, "tsc", 6, 2),
        new HostStrata.Block(3, "tsc", Map.of("base", new HostStrata.Count(5, 100))),
        new HostStrata.Block(4, "tsc", Map.of("fifojvm", new HostStrata.Count(5, 100))));
    HostStrata.BootResult r = HostStrata.boot(blocks, List.of("base"), FAMILY, null, 0.95);
    assertThat(r.contrasts().get("jvm").summary().blocks()).isEqualTo(2);
    assertThat(r.contrasts().get("jvm").summary().interval().estimate()).isCloseTo(Math.sqrt(12), Offset.offset(1e-12));
    assertThat(r.rates().get("base").blocks()).isEqualTo(3);
    assertThat(r.clock()).isNull();
  }

  @Test
  void boot_noBlock_everyPUndefinedAndNoHolm() {
    HostStrata.BootResult r = HostStrata.boot(List.of(), List.of("base"), FAMILY, CLOCKS, 0.95);
    assertThat(r.contrasts().get("jvm").p()).isNaN();
    assertThat(r.contrasts().get("jvm").pHolm()).isNaN();
    assertThat(r.clock()).isNull();
  }

  @Test
  void boot_clockContrast_blocksOfAThirdClockOrWithoutTheConditionLeftOut() {
    List<HostStrata.Block> blocks = List.of(block(1, "tsc", 4, 1), block(2, "kvm-clock", 2, 1), block(3, "tsc", 8, 1),
        block(4, "kvm-clock", 4, 1), block(5, "hpet", 50, 1),
        new HostStrata.Block(6, "tsc", Map.of("fifojvm", new HostStrata.Count(5, 100))));
    HostStrata.ClockContrast c = HostStrata.boot(blocks, List.of(), FAMILY, CLOCKS, 0.95).clock();
    assertThat(c.firstBlocks()).isEqualTo(2);
    assertThat(c.secondBlocks()).isEqualTo(2);
    assertThat(c.ratio()).isCloseTo(2.0, Offset.offset(1e-12));
    assertThat(c.p().arrangements()).isEqualTo(6);
  }

  @Test
  void boot_clockContrast_fewerThanTwoBlocksUnderEither_none() {
    List<HostStrata.Block> oneTsc = List.of(block(1, "tsc", 4, 1), block(2, "kvm-clock", 2, 1),
        block(3, "kvm-clock", 3, 1));
    assertThat(HostStrata.boot(oneTsc, List.of(), FAMILY, CLOCKS, 0.95).clock()).isNull();
    List<HostStrata.Block> oneKvm = List.of(block(1, "tsc", 4, 1), block(2, "tsc", 2, 1), block(3, "kvm-clock", 3, 1));
    assertThat(HostStrata.boot(oneKvm, List.of(), FAMILY, CLOCKS, 0.95).clock()).isNull();
  }

  @Test
  void between_noBootOrABootWithoutSpread_none() {
    assertThat(HostStrata.between(List.of(), 0.95)).isNull();
    HostStrata.LogSummary one = HostStrata.boot(List.of(block(1, "tsc", 4, 1)), List.of(), FAMILY, null, 0.95)
        .contrasts().get("jvm").summary();
    assertThat(one.logVariance()).isNaN();
    assertThat(HostStrata.between(List.of(one), 0.95)).isNull();
  }

  @Test
  void pooledClock_noneOneOrSeveralBoots() {
    assertThat(HostStrata.pooledClock(List.of(), 0.95)).isNull();
    List<HostStrata.Block> blocks = List.of(block(1, "tsc", 4, 1), block(2, "kvm-clock", 2, 1), block(3, "tsc", 8, 1),
        block(4, "kvm-clock", 4, 1));
    HostStrata.ClockContrast c = HostStrata.boot(blocks, List.of(), FAMILY, CLOCKS, 0.95).clock();
    assertThat(HostStrata.pooledClock(List.of(c), 0.95)).containsExactly(c.ratio(), c.lower(), c.upper());
    double[] two = HostStrata.pooledClock(List.of(c, c), 0.95);
    assertThat(two[0]).isCloseTo(2.0, Offset.offset(1e-12));
    assertThat(two[1]).isLessThan(2.0);
    assertThat(two[2]).isGreaterThan(2.0);
  }

  @Test
  void spread_fewerThanTwoBootsOrABootWithoutBlocks_undefined() {
    HostStrata.LogSummary a = HostStrata.boot(List.of(block(1, "tsc", 4, 1)), List.of("base"), FAMILY, null, 0.95)
        .rates().get("base");
    HostStrata.LogSummary none = HostStrata.boot(List.of(), List.of("base"), FAMILY, null, 0.95).rates().get("base");
    HostStrata.LogSummary b = HostStrata.boot(List.of(block(1, "tsc", 8, 1)), List.of("base"), FAMILY, null, 0.95)
        .rates().get("base");
    assertThat(HostStrata.spread(List.of(a))).isNaN();
    assertThat(HostStrata.spread(List.of(a, none))).isNaN();
    assertThat(HostStrata.spread(List.of(a, b))).isCloseTo(2.0, Offset.offset(1e-12));
  }
}
