package ftl.harness.host;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Issue 58, case 9 (the rest of it): the parent watch of the broker's and load generator's JVMs treated an unreaped
 * zombie runner as alive, so a runner that died without being reaped left its children running. A zombie parent now
 * counts as gone. Synthetic {@code /proc/<pid>/stat} texts.
 */
class ZombieParentRegressionTest {
  @Test
  void zombie_stateZ_isGone() {
    assertThat(ParentWatch.zombie("4242 (java) Z 1 4242 4242 0 -1 4194560 0 0 0 0")).isTrue();
  }

  @Test
  void zombie_commandNameWithParenthesesAndSpaces_readsTheStateAfterTheLastOne() {
    assertThat(ParentWatch.zombie("4242 (a) Z (b) S 1 4242")).isFalse();
    assertThat(ParentWatch.zombie("4242 (a) S (b) Z 1 4242")).isTrue();
  }

  @Test
  void zombie_runningOrSleepingOrUnreadable_isNot() {
    assertThat(ParentWatch.zombie("4242 (java) S 1 4242 4242")).isFalse();
    assertThat(ParentWatch.zombie("4242 (java) R 1")).isFalse();
    assertThat(ParentWatch.zombie(null)).isFalse();
    assertThat(ParentWatch.zombie("garbage")).isFalse();
  }

  @Test
  void alive_thisProcess_isAliveAndNoZombie() {
    assertThat(ParentWatch.alive(ProcessHandle.current().pid())).isTrue();
    assertThat(ParentWatch.alive(Long.MAX_VALUE)).isFalse();
  }
}
