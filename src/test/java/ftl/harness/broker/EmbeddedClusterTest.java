package ftl.harness.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The local cluster's configuration and its limits, without starting a broker (ClusterIT starts one). */
class EmbeddedClusterTest {
  @TempDir Path tmp;

  @Test
  void serverProperties_nodeTwo_ownAddressOwnPortsAndTheWholeQuorum() {
    String p = EmbeddedCluster.serverProperties(2, 19095, 19092,
        "1@127.0.0.1:19091,2@127.0.0.2:19092,3@127.0.0.3:19093",
        Path.of("/x/node-2/data"));
    assertThat(p).contains("node.id=2\n", "process.roles=broker,controller\n",
        "controller.quorum.voters=1@127.0.0.1:19091,2@127.0.0.2:19092,3@127.0.0.3:19093\n",
        "listeners=PLAINTEXT://127.0.0.2:19095,CONTROLLER://127.0.0.2:19092\n",
        "advertised.listeners=PLAINTEXT://127.0.0.2:19095\n", "log.dirs=/x/node-2/data\n");
    assertThat(p).doesNotContain("controller.quorum.bootstrap.servers");
  }

  @Test
  void start_sizeOutsideTwoToFive_refusedBeforeAnythingStarts() {
    assertThatThrownBy(() -> EmbeddedCluster.start(tmp.resolve("c"), 1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a local cluster has 2..5 brokers (was 1)");
    assertThatThrownBy(() -> EmbeddedCluster.start(tmp.resolve("c"), 6)).isInstanceOf(IllegalArgumentException.class);
    assertThat(tmp.resolve("c")).doesNotExist();
  }

  @Test
  void freePort_neverTheSamePortTwice() throws Exception {
    Set<Integer> taken = new HashSet<>();
    for (int i = 0; i < 6; i++) {
      EmbeddedCluster.freePort("127.0.0.2", taken);
    }
    assertThat(taken).hasSize(6);
    assertThat(EmbeddedCluster.host(3)).isEqualTo("127.0.0.3");
  }
}
