package ftl.harness.wire;

import ftl.data.io.DataException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.message.FetchResponseData;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.message.ProduceResponseData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.record.internal.BaseRecords;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.Record;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.FetchRequest;
import org.apache.kafka.common.requests.FetchResponse;
import org.apache.kafka.common.requests.ProduceRequest;
import org.apache.kafka.common.requests.ProduceResponse;
import org.apache.kafka.common.requests.RequestHeader;
import org.apache.kafka.common.requests.ResponseHeader;

/**
 * The Kafka conversation in a loopback capture, decoded with Kafka's own protocol classes
 * ({@code org.apache.kafka.common.requests}: {@link RequestHeader}, {@link ProduceRequest}, {@link FetchRequest},
 * {@link ResponseHeader}, {@link AbstractResponse#parseResponse}), which read every API version the clients of the
 * same Kafka release speak. Each TCP connection to a broker endpoint is reassembled in both directions, cut into
 * size-prefixed frames, and each response is matched to its request by correlation id.
 *
 * <p>What it yields, per measured record (the record key is {@code seq} as 8 big-endian bytes; warm-up records carry
 * negative {@code seq} and are skipped): the capture stamp of the first produce request carrying it (from the
 * producer to the leader), of the produce response acknowledging it (to the producer, matched to the request's
 * partition) and of the first fetch response carrying it to a consumer (a fetch whose replica id says it is not a
 * follower). A frame's stamp is that of the packet holding its last byte, when the whole request or response has been
 * handed to the loopback device. A produce request that carries a record again (the producer's retry, on the same
 * connection or another) leaves the record's request stamp as the first request set it, so the time from the request
 * to the response spans every attempt; the response stamp is that of the first response without an error. Beside
 * them: every follower fetch's wait at the leader (response stamp minus request stamp) and the {@code max_wait_ms} and
 * {@code min_bytes} the followers asked for, read from the wire; every consumer fetch's wait that delivered a measured
 * record, and how many of those were answered only when their own {@code max_wait_ms} ran out (a fetch held by the
 * consumer's settings, not released by the record).
 *
 * <p>Connections that opened before the capture (the followers' to their leader) are joined at the first packet that
 * starts with a plausible frame: a request whose header names a known API and version, or a response whose
 * correlation id the connection's requests sent. A sequence gap (a packet the capture lost) drops the partial frame
 * and waits for the next plausible start; gaps are counted.
 */
public final class KafkaWire {
  /** Largest frame accepted (a produce or fetch of this instrument is kilobytes). */
  static final int MAX_FRAME_BYTES = 64 << 20;

  private final String name;
  private final Set<String> brokers;
  private final int events;
  private final long[] produceReq;
  private final long[] produceResp;
  private final long[] fetchResp;
  private final long[] produceOffset;
  private final long[] fetchOffset;
  private final Map<String, Direction> directions = new HashMap<>();
  private final Map<String, Map<Integer, Pending>> pendingByConnection = new HashMap<>();
  private final List<Long> followerWaits = new ArrayList<>();
  private final List<Long> consumerWaits = new ArrayList<>();
  private int followerMaxWaitMs = -1;
  private int followerMinBytes = -1;
  private long packets;
  private long gaps;
  private long produceErrors;
  private long offsetMismatches;
  private long consumerTimeouts;

  /**
   * @param name the capture file's name, for errors
   * @param brokerEndpoints every broker's {@code address:port} (the capture's server side)
   * @param events the run's measured sends ({@code seq} 0 to {@code events - 1})
   */
  public KafkaWire(String name, Set<String> brokerEndpoints, int events) {
    this.name = name;
    this.brokers = Set.copyOf(brokerEndpoints);
    this.events = events;
    this.produceReq = missing(events);
    this.produceResp = missing(events);
    this.fetchResp = missing(events);
    this.produceOffset = missing(events);
    this.fetchOffset = missing(events);
  }

  /** Decodes a whole capture file. */
  public static WireLog decode(Path pcap, Set<String> brokerEndpoints, int events) throws IOException {
    KafkaWire w = new KafkaWire(pcap.toString(), brokerEndpoints, events);
    try (PcapFile f = PcapFile.open(pcap)) {
      for (PcapFile.Packet p = f.next(); p != null; p = f.next()) {
        w.accept(p);
      }
    }
    return w.result();
  }

  /** One request waiting for its response. */
  private record Pending(ApiKeys api, short version, long epochNanos, Map<String, long[]> produced, int replicaId,
                         int maxWaitMs) {}

  /** One direction of one connection: its expected sequence number and the bytes of the frame being read. */
  private static final class Direction {
    final boolean request;
    final String connection;
    boolean synced;
    int nextSeq;
    byte[] buf = new byte[1 << 12];
    int len;

    Direction(boolean request, String connection) {
      this.request = request;
      this.connection = connection;
    }
  }

  /** Reads one captured packet. */
  public void accept(PcapFile.Packet p) {
    packets++;
    TcpSegment s = TcpSegment.of(p, name);
    if (s == null) {
      return;
    }
    boolean request = brokers.contains(s.dst());
    if (!request && !brokers.contains(s.src())) {
      return;
    }
    String connection = request ? s.src() + ">" + s.dst() : s.dst() + ">" + s.src();
    Direction d = directions.computeIfAbsent((request ? "q " : "r ") + connection,
        k -> new Direction(request, connection));
    if (s.syn()) {
      d.synced = true;
      d.nextSeq = s.seq() + 1;
      d.len = 0;
      return;
    }
    if (s.length() == 0) {
      return;
    }
    int from = s.offset();
    int n = s.length();
    if (d.synced) {
      int ahead = s.seq() - d.nextSeq;
      if (ahead > 0) {
        gaps++; // a segment the capture lost: the frame in progress cannot be completed
        d.synced = false;
        d.len = 0;
      } else if (ahead + n <= 0) {
        return; // a retransmission of bytes already read
      } else {
        from -= ahead;
        n += ahead;
      }
    }
    if (!d.synced) {
      if (!plausibleStart(d, s.data(), from, n)) {
        return;
      }
      d.synced = true;
      d.len = 0;
    }
    d.nextSeq = s.seq() + s.length();
    append(d, s.data(), from, n);
    readFrames(d, s);
  }

  private boolean plausibleStart(Direction d, byte[] b, int from, int n) {
    if (n < 12) {
      return false;
    }
    ByteBuffer bb = ByteBuffer.wrap(b, from, n);
    int size = bb.getInt(from);
    if (size < 8 || size > MAX_FRAME_BYTES) {
      return false;
    }
    if (d.request) {
      short api = bb.getShort(from + 4);
      short version = bb.getShort(from + 6);
      return ApiKeys.hasId(api) && ApiKeys.forId(api).isVersionSupported(version);
    }
    Map<Integer, Pending> pending = pendingByConnection.get(d.connection);
    return pending != null && pending.containsKey(bb.getInt(from + 4));
  }

  private static void append(Direction d, byte[] b, int from, int n) {
    if (d.len + n > d.buf.length) {
      d.buf = Arrays.copyOf(d.buf, Math.max(d.buf.length * 2, d.len + n));
    }
    System.arraycopy(b, from, d.buf, d.len, n);
    d.len += n;
  }

  private void readFrames(Direction d, TcpSegment s) {
    int at = 0;
    while (d.len - at >= 4) {
      int size = ByteBuffer.wrap(d.buf, at, 4).getInt();
      if (size < 0 || size > MAX_FRAME_BYTES) {
        throw new DataException(name, 0, "packet " + s.number() + ": a Kafka frame of " + size + " bytes on "
            + d.connection);
      }
      if (d.len - at - 4 < size) {
        break;
      }
      ByteBuffer frame = ByteBuffer.wrap(Arrays.copyOfRange(d.buf, at + 4, at + 4 + size));
      try {
        if (d.request) {
          request(d.connection, frame, s.epochNanos());
        } else {
          response(d.connection, frame, s.epochNanos());
        }
      } catch (DataException e) {
        throw e;
      } catch (RuntimeException e) {
        throw new DataException(name, 0, "packet " + s.number() + ": a Kafka " + (d.request ? "request" : "response")
            + " on " + d.connection + " that Kafka's classes cannot read: " + e.getMessage(), e);
      }
      at += 4 + size;
    }
    if (at > 0) {
      System.arraycopy(d.buf, at, d.buf, 0, d.len - at);
      d.len -= at;
    }
  }

  private void request(String connection, ByteBuffer frame, long epochNanos) {
    short api = frame.getShort(0);
    if (api != ApiKeys.PRODUCE.id && api != ApiKeys.FETCH.id) {
      return; // metadata, API versions, heartbeats: their responses are skipped by correlation id
    }
    RequestHeader header = RequestHeader.parse(frame);
    ByteBufferAccessor body = new ByteBufferAccessor(frame);
    Map<Integer, Pending> pending = pendingByConnection.computeIfAbsent(connection, k -> new HashMap<>());
    if (header.apiKey() == ApiKeys.PRODUCE) {
      ProduceRequestData data = ProduceRequest.parse(body, header.apiVersion()).data();
      Map<String, long[]> produced = new HashMap<>();
      for (ProduceRequestData.TopicProduceData t : data.topicData()) {
        for (ProduceRequestData.PartitionProduceData part : t.partitionData()) {
          long[] seqs = seqs(part.records());
          produced.put(partitionKey(t.name(), t.topicId(), part.index()), seqs);
          for (long seq : seqs) {
            if (seq >= 0 && seq < events && produceReq[(int) seq] == WireLog.MISSING) {
              produceReq[(int) seq] = epochNanos; // the first request: a retry carrying the record again leaves it
            }
          }
        }
      }
      if (data.acks() != 0) {
        pending.put(header.correlationId(), new Pending(ApiKeys.PRODUCE, header.apiVersion(), epochNanos, produced, -1,
            0));
      }
    } else {
      FetchRequest fetch = FetchRequest.parse(body, header.apiVersion());
      int replica = fetch.replicaId();
      if (replica >= 0) {
        followerMaxWaitMs = fetch.data().maxWaitMs();
        followerMinBytes = fetch.data().minBytes();
      }
      pending.put(header.correlationId(), new Pending(ApiKeys.FETCH, header.apiVersion(), epochNanos, null, replica,
          fetch.data().maxWaitMs()));
    }
  }

  private void response(String connection, ByteBuffer frame, long epochNanos) {
    Map<Integer, Pending> pending = pendingByConnection.get(connection);
    Pending req = pending == null ? null : pending.remove(frame.getInt(0));
    if (req == null) {
      return; // the response to a request of no interest
    }
    ResponseHeader.parse(frame, req.api().responseHeaderVersion(req.version()));
    AbstractResponse r = AbstractResponse.parseResponse(req.api(), new ByteBufferAccessor(frame), req.version());
    if (r instanceof ProduceResponse produce) {
      for (ProduceResponseData.TopicProduceResponse t : produce.data().responses()) {
        for (ProduceResponseData.PartitionProduceResponse part : t.partitionResponses()) {
          long[] seqs = req.produced().get(partitionKey(t.name(), t.topicId(), part.index()));
          if (seqs == null) {
            continue;
          }
          if (part.errorCode() != 0) {
            produceErrors += seqs.length;
            continue;
          }
          for (int i = 0; i < seqs.length; i++) {
            int seq = (int) seqs[i];
            if (seqs[i] >= 0 && seqs[i] < events && produceResp[seq] == WireLog.MISSING) {
              produceResp[seq] = epochNanos;
              produceOffset[seq] = part.baseOffset() + i;
              checkOffsets(seq);
            }
          }
        }
      }
    } else if (r instanceof FetchResponse fetch) {
      long wait = epochNanos - req.epochNanos();
      if (req.replicaId() >= 0) {
        followerWaits.add(wait);
        return;
      }
      boolean delivered = false;
      for (FetchResponseData.FetchableTopicResponse t : fetch.data().responses()) {
        for (FetchResponseData.PartitionData part : t.partitions()) {
          delivered |= fetched(part.records(), epochNanos);
        }
      }
      if (delivered) {
        consumerWaits.add(wait);
        if (wait >= req.maxWaitMs() * 1_000_000L) {
          consumerTimeouts++; // answered by its own max_wait_ms, not by a record becoming readable
        }
      }
    }
  }

  /** Stamps the measured records of a consumer fetch seen for the first time; true when there was one. */
  private boolean fetched(BaseRecords records, long epochNanos) {
    boolean any = false;
    if (records instanceof MemoryRecords mem) {
      for (RecordBatch batch : mem.batches()) {
        for (Record rec : batch) {
          long seq = seqOf(rec);
          if (seq >= 0 && seq < events && fetchResp[(int) seq] == WireLog.MISSING) {
            fetchResp[(int) seq] = epochNanos;
            fetchOffset[(int) seq] = rec.offset();
            checkOffsets((int) seq);
            any = true;
          }
        }
      }
    }
    return any;
  }

  private void checkOffsets(int seq) {
    if (produceOffset[seq] != WireLog.MISSING && fetchOffset[seq] != WireLog.MISSING
        && produceOffset[seq] != fetchOffset[seq]) {
      offsetMismatches++;
    }
  }

  private static long[] seqs(BaseRecords records) {
    List<Long> out = new ArrayList<>();
    if (records instanceof MemoryRecords mem) {
      for (RecordBatch batch : mem.batches()) {
        for (Record rec : batch) {
          out.add(seqOf(rec));
        }
      }
    }
    return out.stream().mapToLong(Long::longValue).toArray();
  }

  /** The record's {@code seq} (its 8-byte big-endian key), or {@link Long#MIN_VALUE} for another key. */
  static long seqOf(Record rec) {
    if (!rec.hasKey() || rec.keySize() != 8) {
      return Long.MIN_VALUE;
    }
    return rec.key().duplicate().getLong();
  }

  private static String partitionKey(String topic, Uuid topicId, int partition) {
    return (topic == null || topic.isEmpty() ? String.valueOf(topicId) : topic) + "/" + partition;
  }

  private static long[] missing(int n) {
    long[] a = new long[n];
    Arrays.fill(a, WireLog.MISSING);
    return a;
  }

  /** What the capture showed. */
  public WireLog result() {
    return new WireLog(produceReq.clone(), produceResp.clone(), fetchResp.clone(), packets, gaps, produceErrors,
        offsetMismatches,
        followerWaits.stream().mapToLong(Long::longValue).toArray(),
        consumerWaits.stream().mapToLong(Long::longValue).toArray(), consumerTimeouts, followerMaxWaitMs,
        followerMinBytes);
  }
}
