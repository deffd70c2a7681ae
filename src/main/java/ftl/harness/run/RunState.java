package ftl.harness.run;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/** Volatile state the coordinating thread of a run shares with its sender and its receiver. */
final class RunState {
  volatile boolean stopSending;
  volatile boolean receiving = true;
  volatile String clientError;
  volatile long senderTimerSlack = -1;
  /** Warm-up sends the sender made. */
  volatile int warmupSent;
  /** Under stable_flights: whether the rule converged (false when the warm-up ended at max_events or was stopped). */
  volatile boolean warmupConverged;
  final AtomicInteger producerTid = new AtomicInteger(-1);
  final AtomicInteger consumerTid = new AtomicInteger(-1);
  final CountDownLatch consumerReady = new CountDownLatch(1);
  final CountDownLatch probeAcked = new CountDownLatch(1);
  final AtomicReference<String> consumerError = new AtomicReference<>();
}
