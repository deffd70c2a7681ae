package ftl.harness.system;

import java.io.IOException;

/** The opening of a run's destination shared by every {@link MessagingSystem}: opened whole, or closed again. */
final class Destinations {
  private Destinations() {}

  /** One step that opens a destination's parts in turn (queue or stream, consumer, producer). */
  @FunctionalInterface
  interface Opening {
    void open() throws IOException;
  }

  /**
   * {@code destination} once {@code opening} has opened it; when a step fails, the destination is closed (closing
   * what the steps before had opened, and deleting what they had created) and the failure thrown on.
   */
  static MessagingSystem.Destination openedOrClosed(MessagingSystem.Destination destination, Opening opening)
      throws IOException {
    try {
      opening.open();
      return destination;
    } catch (IOException | RuntimeException e) {
      destination.close();
      throw e;
    }
  }
}
