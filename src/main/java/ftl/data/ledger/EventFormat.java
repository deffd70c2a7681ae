package ftl.data.ledger;

import java.util.List;

/** Column contract of event files and ledgers (docs/architecture.md#formats). Columns may be added, never renamed. */
public final class EventFormat {
  private EventFormat() {}

  /** Event-file header, in order. */
  public static final List<String> EVENT_COLUMNS =
      List.of("seq", "send_ns", "ack_ns", "recv_ns", "send_us", "recv_us", "create_ms");

  /**
   * Columns a header may lack (files written before they existed) and that the reader reads when present:
   * {@code ack_covered}, how many messages the acknowledgment that stamped {@code ack_ns} completed (a RabbitMQ
   * publisher confirm with {@code multiple} completes several; empty when the system does not say, or no ack came).
   */
  public static final List<String> OPTIONAL_HEADER_COLUMNS = List.of("ack_covered");

  /** Columns of an event row that may be empty (the stamp never came). */
  public static final List<String> OPTIONAL_EVENT_COLUMNS = List.of("ack_ns", "recv_ns", "recv_us", "create_ms");

  /** Columns every ledger must have: the required columns of {@link LedgerSchema}. */
  public static final List<String> LEDGER_REQUIRED =
      LedgerSchema.COLUMNS.stream().filter(LedgerSchema.Column::required).map(LedgerSchema.Column::name).toList();

  /** Ledger file name inside a campaign folder. */
  public static final String LEDGER_FILE = "ledger.csv";

  /** Plan file name inside a campaign folder. */
  public static final String PLAN_FILE = "plan.json";

  /** Folder of event files inside a campaign folder. */
  public static final String EVENTS_DIR = "events";
}
