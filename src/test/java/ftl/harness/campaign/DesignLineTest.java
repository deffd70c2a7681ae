package ftl.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The design line a blocked plan prints before its first run ({@link DesignLine}). */
class DesignLineTest {
  @Test
  void of_fiveBlocks_saysNoExactTestCanHold_andTheLeastThatCan() {
    assertThat(DesignLine.of(5)).isEqualTo("ftl: design: 5 blocks; an exact test over blocks gives one-sided p 1/32"
        + " = 0.031 at best, above 0.025: no test of this plan can hold by an exact test over its blocks (6 blocks are"
        + " the least that can); its intervals would rest on normal theory");
    assertThat(DesignLine.of(1)).startsWith("ftl: design: 1 block; ").contains("1/2 = 0.50");
  }

  @Test
  void of_sevenBlocks_saysHowLargeAFamilyHolmsFirstStepReaches() {
    assertThat(DesignLine.of(6)).endsWith("1/64 = 0.016 at best: at 0.025, Holm's first step can reject in a family"
        + " of up to 1 test");
    assertThat(DesignLine.of(7)).endsWith("1/128 = 0.0078 at best: at 0.025, Holm's first step can reject in a"
        + " family of up to 3 tests");
  }

  @Test
  void of_moreBlocksThanAPowerOfTwoInALong_saysSoWithoutFailing() {
    assertThat(DesignLine.of(62)).contains("1/4611686018427387904");
    assertThat(DesignLine.of(1000)).isEqualTo("ftl: design: 1000 blocks; an exact test over blocks gives one-sided p"
        + " below 2^-62 at best: at 0.025, Holm's first step can reject in a family of any size a plan registers");
  }
}
