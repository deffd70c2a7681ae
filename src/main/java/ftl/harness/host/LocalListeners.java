package ftl.harness.host;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The processes on this host that serve a bootstrap list (issue #54): a cluster named with {@code --bootstrap} whose
 * brokers run here (a local cluster from {@code ftl broker --brokers 3}) is the system under test, as the embedded
 * broker the runner starts is, so its CPU is the run's own and not another task's ({@link HostCounters#end}); so is a
 * server named with {@code --url} ({@code campaign run --system rabbitmq --url amqp://127.0.0.1:5672}) that serves
 * here ({@link #pidsOfEndpoint}).
 *
 * <p>A broker is found by its listening socket: an entry of {@code /proc/net/tcp} or {@code tcp6} in state LISTEN on
 * the entry's port, bound to its address or to the wildcard, when that address is one of this host's (loopback, or an
 * interface's); then the processes holding that socket ({@code /proc/<pid>/fd/* -> socket:[inode]}). A process whose
 * descriptors cannot be read (another user's, without privilege) is not found, and stays another task: nothing is
 * counted as ours that is not shown to be.
 */
public final class LocalListeners {
  private static final String LISTEN = "0A";

  private LocalListeners() {}

  /** The pids serving {@code bootstrap} ({@code host:port,...}) on this host, from {@code /proc}; empty when none. */
  public static Set<Long> pids(String bootstrap) {
    return pids(bootstrap, Path.of("/proc"));
  }

  /**
   * The pids serving a messaging system's endpoint on this host ({@link ftl.harness.system.MessagingSystem#endpoint}):
   * a Kafka bootstrap list, or URLs such as {@code amqp://127.0.0.1:5672} or {@code nats://a:4222,nats://b:4222}
   * ({@link #hostPorts}); empty when none serves here.
   */
  public static Set<Long> pidsOfEndpoint(String endpoint) {
    String list = hostPorts(endpoint);
    return list.isEmpty() ? Set.of() : pids(list);
  }

  /** The default ports of the URL schemes a messaging system's endpoint may use. */
  private static final Map<String, Integer> DEFAULT_PORTS = Map.of("amqp", 5672, "amqps", 5671,
      "nats", 4222, "tls", 4222);

  /**
   * An endpoint as a {@code host:port,...} list: each comma-separated entry without its scheme, credentials and path;
   * an entry without a port takes its scheme's default ({@code amqp} 5672, {@code amqps} 5671, {@code nats} and
   * {@code tls} 4222); an entry without a port or a known scheme is left out (no port, no listener to find).
   */
  static String hostPorts(String endpoint) {
    List<String> out = new ArrayList<>();
    for (String raw : endpoint.split(",")) {
      String entry = raw.strip();
      String scheme = "";
      int sep = entry.indexOf("://");
      if (sep >= 0) {
        scheme = entry.substring(0, sep).toLowerCase(Locale.ROOT);
        entry = entry.substring(sep + 3);
      }
      int slash = entry.indexOf('/');
      entry = slash >= 0 ? entry.substring(0, slash) : entry;
      entry = entry.substring(entry.lastIndexOf('@') + 1);
      boolean ported = entry.startsWith("[") ? entry.contains("]:") : entry.contains(":");
      if (ported) {
        out.add(entry);
      } else if (!entry.isEmpty() && DEFAULT_PORTS.containsKey(scheme)) {
        out.add(entry + ":" + DEFAULT_PORTS.get(scheme));
      }
    }
    return String.join(",", out);
  }

  /** The same, reading the proc file system under {@code proc} (a fixture in tests). */
  static Set<Long> pids(String bootstrap, Path proc) {
    List<Endpoint> local = new ArrayList<>();
    for (String entry : bootstrap.split(",")) {
      int colon = entry.lastIndexOf(':');
      String host = entry.substring(0, colon).strip();
      if (host.startsWith("[") && host.endsWith("]")) {
        host = host.substring(1, host.length() - 1);
      }
      int port = Integer.parseInt(entry.substring(colon + 1).strip());
      for (InetAddress a : resolve(host)) {
        if (isLocal(a)) {
          local.add(new Endpoint(a, port));
        }
      }
    }
    if (local.isEmpty()) {
      return Set.of();
    }
    Set<String> sockets = new HashSet<>();
    for (String table : List.of("tcp", "tcp6")) {
      for (String line : lines(proc.resolve("net").resolve(table))) {
        Listening l = Listening.parse(line);
        if (l != null && local.stream().anyMatch(l::serves)) {
          sockets.add("socket:[" + l.inode() + "]");
        }
      }
    }
    return sockets.isEmpty() ? Set.of() : holders(proc, sockets);
  }

  /** A host:port of the bootstrap list that is this host's. */
  private record Endpoint(InetAddress address, int port) {}

  /** A listening socket: its address, port and inode. */
  record Listening(InetAddress address, int port, String inode) {
    /** A line of {@code /proc/net/tcp[6]} in state LISTEN; null for the header, another state or a short line. */
    static Listening parse(String line) {
      String[] f = line.strip().split("\\s+");
      if (f.length < 10 || !f[3].equals(LISTEN)) {
        return null;
      }
      String[] local = f[1].split(":");
      if (local.length != 2) {
        return null;
      }
      try {
        return new Listening(LocalListeners.address(local[0]), Integer.parseInt(local[1], 16), f[9]);
      } catch (IllegalArgumentException | UnknownHostException e) {
        return null;
      }
    }

    boolean serves(Endpoint e) {
      return port == e.port() && (address.isAnyLocalAddress() || address.equals(e.address()));
    }
  }

  /**
   * An address as {@code /proc/net/tcp[6]} writes it: 4 or 16 bytes in hex, each 32-bit word in the host's byte order
   * (little-endian here); an IPv4-mapped IPv6 address comes back as the IPv4 address.
   */
  static InetAddress address(String hex) throws UnknownHostException {
    byte[] raw = HexFormat.of().parseHex(hex);
    if (raw.length != 4 && raw.length != 16) {
      throw new IllegalArgumentException("not an address: " + hex);
    }
    byte[] b = new byte[raw.length];
    for (int w = 0; w < raw.length; w += 4) {
      for (int i = 0; i < 4; i++) {
        b[w + i] = raw[w + 3 - i];
      }
    }
    return InetAddress.getByAddress(b);
  }

  private static List<InetAddress> resolve(String host) {
    try {
      return List.of(InetAddress.getAllByName(host));
    } catch (UnknownHostException e) {
      return List.of(); // the clients report a name that does not resolve; nothing of this host serves it
    }
  }

  private static boolean isLocal(InetAddress a) {
    if (a.isLoopbackAddress() || a.isAnyLocalAddress()) {
      return true;
    }
    try {
      return NetworkInterface.getByInetAddress(a) != null;
    } catch (SocketException e) {
      return false;
    }
  }

  /** The processes holding any of {@code sockets} among their descriptors. */
  private static Set<Long> holders(Path proc, Set<String> sockets) {
    Set<Long> out = new TreeSet<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(proc)) {
      for (Path entry : entries) {
        String pid = String.valueOf(entry.getFileName());
        if (pid.matches("[0-9]+") && holds(entry.resolve("fd"), sockets)) {
          out.add(Long.parseLong(pid));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  private static boolean holds(Path fds, Set<String> sockets) {
    try (DirectoryStream<Path> s = Files.newDirectoryStream(fds)) {
      for (Path fd : s) {
        try {
          if (sockets.contains(Files.readSymbolicLink(fd).toString())) {
            return true;
          }
        } catch (IOException e) {
          // a descriptor closed while listed, or not a link: not this socket
        }
      }
    } catch (IOException | SecurityException e) {
      return false; // a process gone, or another user's: not shown to hold it
    }
    return false;
  }

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.US_ASCII);
    } catch (NoSuchFileException e) {
      return List.of(); // no IPv6 on this kernel
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
