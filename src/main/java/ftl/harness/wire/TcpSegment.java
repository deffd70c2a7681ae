package ftl.harness.wire;

import ftl.data.io.DataException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

/**
 * The TCP segment inside one captured packet: its endpoints ({@code address:port}), sequence number, flags and
 * payload. Link layers read: Ethernet (1, the loopback device's), Linux cooked (113) and cooked v2 (276), raw IP
 * (101); IPv4 (unfragmented) and IPv6 (no extension headers). A packet that is not TCP over one of those yields null
 * (it is counted by the caller); a TCP packet whose headers contradict their lengths is refused naming the packet.
 */
public record TcpSegment(long number, long epochNanos, String src, String dst, int seq, boolean syn, boolean finOrRst,
                         byte[] data, int offset, int length) {

  /** The payload's bytes. */
  public byte[] payload() {
    return Arrays.copyOfRange(data, offset, offset + length);
  }

  /** The TCP segment of {@code p}, or null when it carries none ({@code name} is the capture file's, for errors). */
  public static TcpSegment of(PcapFile.Packet p, String name) {
    byte[] d = p.data();
    int ip;
    int etherType;
    switch (p.linkType()) {
      case 1 -> {
        if (d.length < 14) {
          return null;
        }
        etherType = u16(d, 12);
        ip = 14;
        if (etherType == 0x8100 && d.length >= 18) {
          etherType = u16(d, 16);
          ip = 18;
        }
      }
      case 113 -> {
        if (d.length < 16) {
          return null;
        }
        etherType = u16(d, 14);
        ip = 16;
      }
      case 276 -> {
        if (d.length < 20) {
          return null;
        }
        etherType = u16(d, 0);
        ip = 20;
      }
      case 101 -> {
        if (d.length < 1) {
          return null;
        }
        etherType = (d[0] & 0xf0) == 0x60 ? 0x86dd : 0x0800;
        ip = 0;
      }
      default -> throw new DataException(name, 0, "packet " + p.number() + ": link type " + p.linkType()
          + " is not read (known: 1 Ethernet, 113 and 276 Linux cooked, 101 raw IP)");
    }
    int tcp;
    int ipEnd;
    String srcIp;
    String dstIp;
    if (etherType == 0x0800) {
      if (d.length < ip + 20 || (d[ip] & 0xf0) != 0x40) {
        return null;
      }
      int ihl = (d[ip] & 0x0f) * 4;
      int total = u16(d, ip + 2);
      boolean fragment = (u16(d, ip + 6) & 0x3fff) != 0;
      if ((d[ip + 9] & 0xff) != 6 || fragment) {
        return null;
      }
      if (ihl < 20 || total < ihl) {
        throw bad(name, p, "IPv4 header length " + ihl + " / total length " + total + " contradict each other");
      }
      tcp = ip + ihl;
      ipEnd = ip + total;
      srcIp = address(d, ip + 12, 4);
      dstIp = address(d, ip + 16, 4);
    } else if (etherType == 0x86dd) {
      if (d.length < ip + 40 || (d[ip + 6] & 0xff) != 6) {
        return null;
      }
      tcp = ip + 40;
      ipEnd = tcp + u16(d, ip + 4);
      srcIp = "[" + address(d, ip + 8, 16) + "]";
      dstIp = "[" + address(d, ip + 24, 16) + "]";
    } else {
      return null;
    }
    if (ipEnd > d.length && !p.truncated()) {
      throw bad(name, p, "the IP packet claims " + (ipEnd - ip) + " bytes, the capture holds " + (d.length - ip));
    }
    if (ipEnd < tcp + 20 || d.length < tcp + 20) {
      throw bad(name, p, "a TCP header cut short");
    }
    int dataOffset = ((d[tcp + 12] & 0xf0) >> 4) * 4;
    if (dataOffset < 20 || tcp + dataOffset > ipEnd) {
      throw bad(name, p, "TCP data offset " + dataOffset + " runs past the packet");
    }
    int flags = d[tcp + 13] & 0xff;
    int start = tcp + dataOffset;
    int end = Math.min(ipEnd, d.length);
    String src = srcIp + ":" + u16(d, tcp);
    String dst = dstIp + ":" + u16(d, tcp + 2);
    int seq = (int) u32(d, tcp + 4);
    return new TcpSegment(p.number(), p.epochNanos(), src, dst, seq, (flags & 0x02) != 0, (flags & 0x05) != 0,
        d, start, Math.max(0, end - start));
  }

  private static DataException bad(String name, PcapFile.Packet p, String what) {
    return new DataException(name, 0, "packet " + p.number() + ": " + what);
  }

  private static int u16(byte[] d, int i) {
    return ((d[i] & 0xff) << 8) | (d[i + 1] & 0xff);
  }

  private static long u32(byte[] d, int i) {
    return ((long) u16(d, i) << 16) | u16(d, i + 2);
  }

  private static String address(byte[] d, int at, int len) {
    try {
      return InetAddress.getByAddress(Arrays.copyOfRange(d, at, at + len)).getHostAddress();
    } catch (UnknownHostException e) {
      throw new IllegalStateException("an address of " + len + " bytes", e); // 4 or 16 bytes: always an address
    }
  }
}
