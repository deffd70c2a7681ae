package ftl.harness.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The decoder on two committed captures of short known runs (see the fixtures' README) and on broken copies of one. */
class KafkaWireTest {
  static final Path DIR = Path.of("src/test/resources/ftl/harness/wire");
  static final Set<String> BROKERS = Set.of("127.0.0.1:41663", "127.0.0.2:33911", "127.0.0.3:36109");

  static byte[] capture(String name) throws IOException {
    try (InputStream in = new GZIPInputStream(Files.newInputStream(DIR.resolve(name)))) {
      return in.readAllBytes();
    }
  }

  static WireLog decode(String name, byte[] bytes) throws IOException {
    KafkaWire w = new KafkaWire(name, BROKERS, 40);
    try (PcapFile f = PcapFile.open(name, new ByteArrayInputStream(bytes))) {
      assertThat(f.nanosecond()).isTrue();
      assertThat(f.linkType()).isEqualTo(1);
      for (PcapFile.Packet p = f.next(); p != null; p = f.next()) {
        w.accept(p);
      }
    }
    return w.result();
  }

  /** The events file's column {@code name}, per seq. */
  static long[] column(String events, String name) throws IOException {
    try (InputStream in = new GZIPInputStream(Files.newInputStream(DIR.resolve(events)))) {
      List<String> lines = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII).lines().toList();
      int k = Arrays.asList(lines.get(0).split(",")).indexOf(name);
      return lines.stream().skip(1).mapToLong(l -> Long.parseLong(l.split(",", -1)[k])).toArray();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"acks1-40", "acksall-40"})
  void decode_knownRun_findsBothResponsesOfEveryRecord(String run) throws IOException {
    WireLog log = decode(run, capture(run + ".pcap.gz"));
    assertThat(log.bothSeen()).isEqualTo(40);
    assertThat(log.gaps()).isZero();
    assertThat(log.offsetMismatches()).isZero();
    assertThat(log.produceErrors()).isZero();
    assertThat(log.followerMaxWaitMs()).isEqualTo(500);
    assertThat(log.followerMinBytes()).isEqualTo(1);
    assertThat(log.followerWaitNanos()).isNotEmpty();
    assertThat(log.consumerWaitNanos()).isNotEmpty();
    assertThat(log.consumerTimeouts()).as("no delivery waited out the consumer's 100 ms").isZero();
  }

  @ParameterizedTest
  @ValueSource(strings = {"acks1-40", "acksall-40"})
  void decode_knownRun_givesTheStampsTheRunnerWrote(String run) throws IOException {
    WireLog log = decode(run, capture(run + ".pcap.gz"));
    long[] sendNs = column(run + "-events.csv.gz", "send_ns");
    long[] sendUs = column(run + "-events.csv.gz", "send_us");
    ClockAlignment a = ClockAlignment.of(sendNs, sendUs);
    long[] produce = column(run + "-events.csv.gz", "produce_resp_ns");
    long[] fetch = column(run + "-events.csv.gz", "fetch_resp_ns");
    for (int seq = 0; seq < 40; seq++) {
      assertThat(log.produceRespEpochNanos()[seq] - a.offsetNanos()[seq]).as("seq " + seq).isEqualTo(produce[seq]);
      assertThat(log.fetchRespEpochNanos()[seq] - a.offsetNanos()[seq]).as("seq " + seq).isEqualTo(fetch[seq]);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"acks1-40", "acksall-40"})
  void decode_knownRun_stampsEveryRecordsRequestBetweenItsSendAndItsResponse(String run) throws IOException {
    WireLog log = decode(run, capture(run + ".pcap.gz"));
    long[] sendNs = column(run + "-events.csv.gz", "send_ns");
    ClockAlignment a = ClockAlignment.of(sendNs, column(run + "-events.csv.gz", "send_us"));
    for (int seq = 0; seq < 40; seq++) {
      long request = log.produceReqEpochNanos()[seq];
      assertThat(request).as("seq " + seq).isNotEqualTo(WireLog.MISSING);
      assertThat(request).as("seq %d: the request before its response", seq)
          .isLessThan(log.produceRespEpochNanos()[seq]);
      assertThat(request - a.offsetNanos()[seq]).as("seq %d: the request after the send stamp", seq)
          .isGreaterThan(sendNs[seq] - a.errorNanos());
    }
  }

  /** The fixture's packets, in capture order. */
  static List<PcapFile.Packet> packets(String name) throws IOException {
    List<PcapFile.Packet> out = new ArrayList<>();
    try (PcapFile f = PcapFile.open(name, new ByteArrayInputStream(capture(name)))) {
      for (PcapFile.Packet p = f.next(); p != null; p = f.next()) {
        out.add(p);
      }
    }
    return out;
  }

  /**
   * The producer's packets to the leader (its connection's SYN and requests, found by the connection that carries a
   * produce request) replayed on another client port with their stamps moved by {@code shiftNanos}: each produce
   * request of the copy is a retry of the original's, carrying the same records (a retry of Kafka's producer keeps
   * the batch), answered by no response.
   */
  static List<PcapFile.Packet> producerReplay(List<PcapFile.Packet> packets, long shiftNanos) {
    String producer = null;
    for (PcapFile.Packet p : packets) {
      TcpSegment s = TcpSegment.of(p, "fixture");
      if (s != null && BROKERS.contains(s.dst()) && s.length() >= 6 && s.data()[s.offset() + 4] == 0
          && s.data()[s.offset() + 5] == 0) {
        producer = s.src();
        break;
      }
    }
    assertThat(producer).as("a produce request in the fixture").isNotNull();
    List<PcapFile.Packet> out = new ArrayList<>();
    for (PcapFile.Packet p : packets) {
      TcpSegment s = TcpSegment.of(p, "fixture");
      if (s != null && s.src().equals(producer)) {
        byte[] d = p.data().clone();
        int tcp = 14 + (d[14] & 0x0f) * 4; // Ethernet, then IPv4 of its header length
        d[tcp] = (byte) 0xfe; // source port 65000
        d[tcp + 1] = (byte) 0xe8;
        out.add(new PcapFile.Packet(p.number(), p.epochNanos() + shiftNanos, p.linkType(), d, p.truncated()));
      }
    }
    return out;
  }

  static WireLog decode(List<PcapFile.Packet> packets) {
    KafkaWire w = new KafkaWire("replayed", BROKERS, 40);
    packets.forEach(w::accept);
    return w.result();
  }

  @Test
  void decode_aRetriedProduceRequest_keepsTheFirstRequestsStamp() throws IOException {
    List<PcapFile.Packet> original = packets("acksall-40.pcap.gz");
    WireLog once = decode(original);
    long second = 1_000_000_000L;
    List<PcapFile.Packet> retriedLater = new ArrayList<>(original);
    retriedLater.addAll(producerReplay(original, second));
    WireLog later = decode(retriedLater);
    List<PcapFile.Packet> retriedEarlier = new ArrayList<>(producerReplay(original, -second));
    retriedEarlier.addAll(original);
    WireLog earlier = decode(retriedEarlier);
    for (int seq = 0; seq < 40; seq++) {
      assertThat(once.produceReqEpochNanos()[seq]).as("seq " + seq).isNotEqualTo(WireLog.MISSING);
      assertThat(later.produceReqEpochNanos()[seq]).as("seq %d: a later retry leaves the stamp", seq)
          .isEqualTo(once.produceReqEpochNanos()[seq]);
      assertThat(earlier.produceReqEpochNanos()[seq]).as("seq %d: the first request on the wire sets it", seq)
          .isEqualTo(once.produceReqEpochNanos()[seq] - second);
      assertThat(later.produceRespEpochNanos()[seq]).as("seq " + seq).isEqualTo(once.produceRespEpochNanos()[seq]);
    }
    assertThat(later.gaps()).isZero();
  }

  @Test
  void decode_acks1_everyFetchResponseFollowsItsProduceResponse() throws IOException {
    WireLog log = decode("acks1", capture("acks1-40.pcap.gz"));
    for (int seq = 0; seq < 40; seq++) {
      assertThat(log.fetchRespEpochNanos()[seq]).as("seq " + seq).isGreaterThan(log.produceRespEpochNanos()[seq]);
    }
  }

  @Test
  void decode_otherBrokers_seesNothing() throws IOException {
    KafkaWire w = new KafkaWire("x", Set.of("127.0.0.9:1"), 40);
    try (PcapFile f = PcapFile.open("x", new ByteArrayInputStream(capture("acks1-40.pcap.gz")))) {
      for (PcapFile.Packet p = f.next(); p != null; p = f.next()) {
        w.accept(p);
      }
    }
    assertThat(w.result().bothSeen()).isZero();
    assertThat(w.result().packets()).isPositive();
  }

  @Test
  void open_truncatedInsideAPacket_namesFileAndPacket() throws IOException {
    byte[] all = capture("acks1-40.pcap.gz");
    byte[] cut = Arrays.copyOf(all, 24 + 16 + 30); // the first packet's record header and 30 of its bytes
    assertThatThrownBy(() -> decode("cut.pcap", cut)).isInstanceOf(DataException.class)
        .hasMessage("cut.pcap: packet 1: the file ends inside its 74 bytes (truncated capture)");
    byte[] cutHeader = Arrays.copyOf(all, 24 + 7);
    assertThatThrownBy(() -> decode("cut.pcap", cutHeader)).isInstanceOf(DataException.class)
        .hasMessage("cut.pcap: packet 1: the file ends inside its record header (truncated capture)");
  }

  @Test
  void open_notACapture_isRefusedByName() {
    assertThatThrownBy(() -> PcapFile.open("x.pcap", new ByteArrayInputStream(new byte[10])))
        .isInstanceOf(DataException.class).hasMessage(
        "x.pcap: not a capture file: shorter than the 24-byte pcap header");
    byte[] text = "this is not a capture file at all".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    assertThatThrownBy(() -> PcapFile.open("x.pcap", new ByteArrayInputStream(text)))
        .isInstanceOf(DataException.class).hasMessageStartingWith("x.pcap: not a pcap file (magic ");
    byte[] ng = {0x0a, 0x0d, 0x0d, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    assertThatThrownBy(() -> PcapFile.open("x.pcapng", new ByteArrayInputStream(ng)))
        .isInstanceOf(DataException.class).hasMessageContaining("a pcapng file");
  }

  @Test
  void next_impossibleLengths_areRefused() throws IOException {
    byte[] all = capture("acks1-40.pcap.gz");
    byte[] huge = Arrays.copyOf(all, 24 + 16 + 100);
    huge[24 + 8] = (byte) 0xff; // captured length 0x...ff: above the original length
    huge[24 + 9] = (byte) 0xff;
    assertThatThrownBy(() -> decode("huge.pcap", huge)).isInstanceOf(DataException.class)
        .hasMessageStartingWith("huge.pcap: packet 1: captured length ");
    byte[] frac = Arrays.copyOf(all, all.length);
    frac[24 + 4] = (byte) 0xff;
    frac[24 + 5] = (byte) 0xff;
    frac[24 + 6] = (byte) 0xff;
    frac[24 + 7] = (byte) 0x7f;
    assertThatThrownBy(() -> decode("frac.pcap", frac)).isInstanceOf(DataException.class)
        .hasMessageStartingWith("frac.pcap: packet 1: the stamp's fraction");
  }

  @Test
  void decode_aCorruptedKafkaFrame_namesThePacket() throws IOException {
    byte[] all = capture("acks1-40.pcap.gz");
    // find the first produce request on the wire (api key 0 after a 4-byte size at the start of a TCP payload) and
    // break its body: Kafka's classes refuse it, and the refusal names the packet
    int at = firstProduceRequestBody(all);
    assertThat(at).as("a produce request in the fixture").isPositive();
    byte[] bad = all.clone();
    for (int i = at; i < at + 12 && i < bad.length; i++) {
      bad[i] = (byte) 0xff;
    }
    assertThatThrownBy(() -> decode("bad.pcap", bad)).isInstanceOf(DataException.class)
        .hasMessageMatching("bad\\.pcap: packet \\d+: a Kafka request on .* that Kafka's classes cannot read: .*");
  }

  /** Offset in the file of the body (after header) of the first produce request whose client id is ftl-p. */
  static int firstProduceRequestBody(byte[] file) {
    byte[] id = "ftl-p".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    for (int i = 0; i + 20 < file.length; i++) {
      if (file[i + 4] == 0 && file[i + 5] == 0 && file[i + 12] == 0 && file[i + 13] == 5
          && Arrays.equals(Arrays.copyOfRange(file, i + 14, i + 19), id)) {
        return i + 19 + 1; // after the client id and the header's tagged fields
      }
    }
    return -1;
  }
}
