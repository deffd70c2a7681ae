package ftl.quantity.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * How {@link Quantity#declaringMethod} names a frame, and what it says when no frame of the archive's code qualifies.
 */
class DeclaringMethodTest {

  @Test
  void siteName_aLambdaFrame_isItsEnclosingMethod() {
    assertThat(Quantity.siteName("ftl.quantity.section.ExposureQuantities", "lambda$forData$3"))
        .isEqualTo("ftl.quantity.section.ExposureQuantities#forData");
    assertThat(Quantity.siteName("ftl.quantity.section.HostQuantities$Boots", "boot"))
        .isEqualTo("ftl.quantity.section.HostQuantities.Boots#boot");
  }

  @Test
  void declaringMethod_noFrameOutsideTheCore_isUnknown() throws Exception {
    // this test class is in ftl.quantity.core (skipped, as the shared helpers are) and JUnit's frames are not ftl's
    assertThat(Quantity.declaringMethod()).isEqualTo("unknown");
    assertThat(CompletableFuture.supplyAsync(Quantity::declaringMethod).get()).isEqualTo("unknown");
  }
}
