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
  final AtomicInteger producerTid = new AtomicInteger(-1);
  final AtomicInteger consumerTid = new AtomicInteger(-1);
  final CountDownLatch consumerReady = new CountDownLatch(1);
  final CountDownLatch probeAcked = new CountDownLatch(1);
  final AtomicReference<String> consumerError = new AtomicReference<>();
}
