package ftl.cli;

import ftl.data.ledger.Event;
import ftl.data.ledger.LedgerSchema;
import ftl.data.ledger.RunStatus;
import ftl.harness.run.FinishedRun;
import ftl.harness.system.MessagingSystem;
import ftl.harness.system.NatsServer;
import ftl.harness.system.NatsSystem;
import ftl.harness.system.RabbitMqServer;
import ftl.harness.system.RabbitMqSystem;
import ftl.harness.system.ServerStartException;
import ftl.harness.system.SpanSummary;
import ftl.harness.system.SystemName;
import ftl.harness.system.SystemRun;
import ftl.stats.Quantiles;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * {@code ftl campaign smoke --system kafka|rabbitmq|nats}: a few short runs of the system-neutral run loop on a server
 * started in a scratch folder (or named by {@code --url}), printed as one line per run and one pooled line: median
 * flight {@code T}, median displacement {@code D}, median ack-referenced span {@code A} (µs) and the negative
 * {@code A} count and share. Nothing is written but the server's scratch folder; the look is not a campaign.
 */
final class SystemSmoke {
  /** What to run: the system, an existing server or none, the server binary to start, the runs and their settings. */
  record Request(SystemName system, String url, Path serverBinary, Path scratch, int runs, SystemRun.Settings settings,
                 boolean persistent, NatsSystem.AckPath natsAckPath) {}

  private SystemSmoke() {}

  static int run(Request q, PrintStream out, PrintStream err) {
    try (MessagingSystem sys = open(q, err)) {
      out.printf(Locale.ROOT, "%s: server %s at %s, client %s; create_ms %s%n", sys.name(), sys.serverVersion(),
          sys.endpoint(), sys.clientVersion(), sys.name().createMillisMeaning());
      out.printf(Locale.ROOT, "%d runs of %d events (after %d warm-up) every %s, payload %d bytes%s%n", q.runs(),
          q.settings().events(), q.settings().warmupEvents(), micros(q.settings().sendIntervalNanos()) + " us",
          q.settings().payloadBytes(), switch (q.system()) {
            case RABBITMQ -> q.persistent() ? ", persistent" : ", transient";
            case NATS -> ", ack stamp on " + (q.natsAckPath() == NatsSystem.AckPath.FUTURE ? "the publishAsync future"
                : "the reply-subject handler");
            case KAFKA -> ", acks=1, linger.ms=0";
            default -> "";
          });
      out.println("run  status  complete  median T us  median D us  median A us  A<0  share A<0  driver");
      List<long[]> pooled = new ArrayList<>();
      int notOk = 0;
      String tag = Long.toString(ThreadLocalRandom.current().nextLong() >>> 24, 36);
      for (int i = 1; i <= q.runs(); i++) {
        FinishedRun r = SystemRun.run(sys, "smoke-" + tag + "-r" + i, q.settings());
        SpanSummary s = SpanSummary.of(r.book());
        out.printf(Locale.ROOT, "r%-3d %-7s %8d  %11s  %11s  %11s  %3d  %10s  %s%n", i, r.status().word(), s.complete(),
            micros(s.medianFlightNanos()), micros(s.medianDisplacementNanos()), micros(s.medianAckSpanNanos()),
            s.ackNegative(), share(s.ackNegativeShare()), r.cells().get(LedgerSchema.DRIVER_COUNTERS.name()));
        if (r.status() == RunStatus.OK) {
          pooled.add(spans(r));
        } else {
          notOk++;
          err.println("ftl: run r" + i + " " + r.status().word() + ": " + r.reason());
        }
      }
      printPooled(pooled, out);
      return notOk == 0 ? ExitCode.OK : ExitCode.HARNESS;
    } catch (ServerStartException e) {
      throw new HarnessFailure(e.getMessage(), e);
    } catch (FileSystemException e) {
      // a file that cannot be written or read (an --out below a file, a read-only mount, a full disk): exit 6 naming it
      throw new UncheckedIOException(e);
    } catch (IOException e) {
      throw new HarnessFailure(q.system() + ": " + e.getMessage(), e);
    }
  }

  private static MessagingSystem open(Request q, PrintStream err) throws IOException {
    boolean start = q.url() == null;
    if (start) {
      // the server's folder first: one that cannot be made is the file system's failure (exit 6), not the server's
      // (issue 58: --out below a file ended in exit 5)
      Files.createDirectories(q.scratch());
      err.println("ftl: starting " + q.system() + " in " + q.scratch());
    }
    return switch (q.system()) {
      case RABBITMQ -> {
        RabbitMqSystem.Options o = new RabbitMqSystem.Options(q.persistent());
        yield start ? RabbitMqSystem.start(q.scratch(), q.serverBinary() == null ? RabbitMqServer.DEFAULT_SCRIPT
            : q.serverBinary(), o)
            : RabbitMqSystem.connect(q.url(), o);
      }
      case NATS -> {
        NatsSystem.Config c = NatsSystem.Config.defaults().withAckPath(q.natsAckPath());
        yield start ? NatsSystem.start(q.scratch(), q.serverBinary() == null ? NatsServer.DEFAULT_BINARY
            : q.serverBinary(), c)
            : NatsSystem.connect(q.url(), c);
      }
      // Kafka and any other system: its own defaults (SystemName)
      default -> start ? q.system().start(q.scratch()) : q.system().connect(q.url());
    };
  }

  /** The complete events' T, D, A of a run, as three arrays end to end: [t..., d..., a...]. */
  private static long[] spans(FinishedRun r) {
    SpanSummary s = SpanSummary.of(r.book());
    long[] all = new long[3 * s.complete()];
    int k = 0;
    for (int seq = 0; seq < r.book().events(); seq++) {
      if (!r.book().sent(seq)) {
        continue;
      }
      Event e = r.book().event(seq);
      if (e.hasAck() && e.hasRecv()) {
        all[k] = e.recvNanos() - e.sendNanos();
        all[s.complete() + k] = e.ackNanos() - e.sendNanos();
        all[2 * s.complete() + k] = e.recvNanos() - e.ackNanos();
        k++;
      }
    }
    return all;
  }

  private static void printPooled(List<long[]> runs, PrintStream out) {
    int n = 0;
    for (long[] r : runs) {
      n += r.length / 3;
    }
    long[] t = new long[n];
    long[] d = new long[n];
    long[] a = new long[n];
    int k = 0;
    int negative = 0;
    for (long[] r : runs) {
      int m = r.length / 3;
      System.arraycopy(r, 0, t, k, m);
      System.arraycopy(r, m, d, k, m);
      System.arraycopy(r, 2 * m, a, k, m);
      for (int i = 0; i < m; i++) {
        negative += r[2 * m + i] < 0 ? 1 : 0;
      }
      k += m;
    }
    out.printf(Locale.ROOT, "all  ok runs %d  %8d  %11s  %11s  %11s  %3d  %10s%n", runs.size(), n,
        micros(Quantiles.median(t)), micros(Quantiles.median(d)), micros(Quantiles.median(a)), negative,
        share(n == 0 ? Double.NaN : (double) negative / n));
  }

  static String micros(double nanos) {
    return Double.isNaN(nanos) ? "-" : String.format(Locale.ROOT, "%.1f", nanos / 1000.0);
  }

  static String share(double s) {
    return Double.isNaN(s) ? "-" : String.format(Locale.ROOT, "%.4f", s);
  }
}
