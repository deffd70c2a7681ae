package ftl.data.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ftl.data.io.DataException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/** The wire columns of an events file: read gzip or plain, every malformed case refused naming file and line. */
class WireColumnsTest {
  static final String HEAD =
      "seq,send_ns,ack_ns,recv_ns,send_us,recv_us,create_ms,intended_ns,ack_covered,produce_resp_ns,fetch_resp_ns";

  static InputStream plain(String s) {
    return new ByteArrayInputStream(s.getBytes(StandardCharsets.US_ASCII));
  }

  static InputStream gzip(String s) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(s.getBytes(StandardCharsets.US_ASCII));
    }
    return new ByteArrayInputStream(out.toByteArray());
  }

  @Test
  void read_gzipAndPlain_sameColumns_emptyCellMissing() throws IOException {
    String text = "# a comment\n" + HEAD + "\n0,10,20,30,1,2,3,9,,15,25\r\n1,11,,,1,,,10,,,\n";
    for (InputStream in : new InputStream[] {plain(text), gzip(text)}) {
      WireColumns w = WireColumns.read(in, "e.csv");
      assertThat(w.send()).containsExactly(10, 11);
      assertThat(w.ack()).containsExactly(20, Event.MISSING);
      assertThat(w.recv()).containsExactly(30, Event.MISSING);
      assertThat(w.produceResp()).containsExactly(15, Event.MISSING);
      assertThat(w.fetchResp()).containsExactly(25, Event.MISSING);
      assertThat(w.hasProduceReq()).as("a file written before produce_req_ns").isFalse();
      assertThat(w.produceReq()).containsExactly(Event.MISSING, Event.MISSING);
    }
  }

  @Test
  void read_withTheRequestColumn_readsIt() {
    String text = HEAD + ",produce_req_ns\n0,10,20,30,1,2,3,9,,15,25,12\n1,11,,,1,,,10,,,,\n";
    WireColumns w = WireColumns.read(plain(text), "e.csv");
    assertThat(w.hasProduceReq()).isTrue();
    assertThat(w.produceReq()).containsExactly(12, Event.MISSING);
    assertThat(w.produceResp()).containsExactly(15, Event.MISSING);
    assertThatThrownBy(() -> WireColumns.read(plain(HEAD + ",produce_req_ns,produce_req_ns\n"), "e.csv"))
        .isInstanceOf(DataException.class).hasMessage("e.csv:1: header names produce_req_ns twice");
    assertThatThrownBy(() -> WireColumns.read(plain(HEAD + ",produce_req_ns\n0,1,2,3,1,2,3,0,,4,5,z\n"), "e.csv"))
        .hasMessage("e.csv:2: produce_req_ns is not an integer (\"z\")");
  }

  @Test
  void read_manyRows_growsItsColumns() {
    StringBuilder sb = new StringBuilder(HEAD).append('\n');
    for (int i = 0; i < 3000; i++) {
      sb.append(i).append(",").append(i).append(",1,2,1,2,3,0,,4,5\n");
    }
    WireColumns w = WireColumns.read(plain(sb.toString()), "e.csv");
    assertThat(w.send()).hasSize(3000);
    assertThat(w.send()[2999]).isEqualTo(2999);
  }

  @Test
  void read_malformed_namesFileAndLine() {
    assertThatThrownBy(() -> WireColumns.read(plain(""), "e.csv")).isInstanceOf(DataException.class)
        .hasMessage("e.csv: no header row");
    assertThatThrownBy(() -> WireColumns.read(plain("# only\n"), "e.csv")).hasMessage("e.csv: no header row");
    assertThatThrownBy(() -> WireColumns.read(plain("seq,send_ns,ack_ns,recv_ns\n0,1,2,3\n"), "e.csv"))
        .hasMessageStartingWith("e.csv:1: header must name produce_resp_ns once");
    assertThatThrownBy(() -> WireColumns.read(plain("#c\n" + HEAD + ",fetch_resp_ns\n"), "e.csv"))
        .hasMessageStartingWith("e.csv:2: header must name fetch_resp_ns once");
    assertThatThrownBy(() -> WireColumns.read(plain(HEAD + "\n0,1,2\n"), "e.csv"))
        .hasMessage("e.csv:2: expected 11 fields, found 3");
    assertThatThrownBy(() -> WireColumns.read(plain(HEAD + "\n0,1,2,3,1,2,3,0,,x\u001b[1m,5\n"), "e.csv"))
        .hasMessage("e.csv:2: produce_resp_ns is not an integer (\"x\\x1b[1m\")");
    assertThatThrownBy(() -> WireColumns.read(plain(HEAD + "\n" + "9".repeat(5000) + "\n"), "e.csv"))
        .hasMessage("e.csv:2: a line longer than 4096 characters");
    assertThatThrownBy(() -> WireColumns.read(new ByteArrayInputStream(new byte[] {0x1f, (byte) 0x8b, 1, 2}),
        "e.csv.gz"))
        .isInstanceOf(DataException.class).hasMessageStartingWith("e.csv.gz: cannot be read as a gzip events file");
  }
}
