package ftl.harness.run;

/**
 * Reads a Kafka broker's own log for changes of a topic's in-sync replicas: the partition leader's {@code Shrinking ISR
 * from ...} and {@code Expanding ISR from ...}, and the {@code ISR updated to ...} of a committed change, each on a
 * line naming the partition as {@code [Partition <topic>-<n> broker=<id>]} (kafka.cluster.Partition's log prefix). A
 * pure function of the text, tested on lines of that form.
 */
final class IsrLog {
  private IsrLog() {}

  private static final String[] CHANGES = {"Shrinking ISR", "Expanding ISR", "ISR updated"};

  /** Lines of {@code log} that report an ISR change of a partition of {@code topic}. */
  static int changes(String log, String topic) {
    String prefix = "[Partition " + topic + "-";
    int n = 0;
    for (String line : log.split("\n", -1)) {
      int at = line.indexOf(prefix);
      if (at < 0) {
        continue;
      }
      // the partition number follows the topic, then " broker=": a topic whose name extends ours is not ours
      int p = at + prefix.length();
      int q = p;
      while (q < line.length() && Character.isDigit(line.charAt(q))) {
        q++;
      }
      if (q == p || !line.startsWith(" broker=", q)) {
        continue;
      }
      for (String c : CHANGES) {
        if (line.indexOf(c, q) >= 0) {
          n++;
          break;
        }
      }
    }
    return n;
  }
}
