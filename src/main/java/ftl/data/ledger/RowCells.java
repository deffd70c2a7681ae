package ftl.data.ledger;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * A ledger row's cells as an unmodifiable map in header order ({@link LedgerRow#fields()}), backed by the header its
 * ledger shares among its rows and one array of the row's values. A ledger of 2,000 rows of 60 columns held 130,000 map
 * entries twice over (the reader's map and the row's copy), most of a command's live heap while the data are read;
 * equal to any map of the same entries ({@link AbstractMap#equals}).
 */
final class RowCells extends AbstractMap<String, String> {

  /** The column names of one ledger in order, and the position of each. */
  static final class Header {
    final String[] names;
    final Map<String, Integer> index;

    Header(String[] names) {
      // interned: the analysis asks for columns by the schema's constant names, which then match at the identity test
      // of String.equals instead of byte by byte
      this.names = new String[names.length];
      for (int i = 0; i < names.length; i++) {
        this.names[i] = names[i].intern();
      }
      Map<String, Integer> m = new HashMap<>(names.length * 2);
      for (int i = 0; i < names.length; i++) {
        if (m.put(this.names[i], i) != null) {
          throw new IllegalArgumentException("duplicate column " + names[i]);
        }
      }
      this.index = Map.copyOf(m);
    }
  }

  private final Header header;
  private final String[] values;

  /** The cells {@code values} (not copied: the caller gives it up) of a row of a ledger with {@code header}. */
  RowCells(Header header, String[] values) {
    if (values.length != header.names.length) {
      throw new IllegalArgumentException(values.length + " values for " + header.names.length + " columns");
    }
    for (String v : values) {
      Objects.requireNonNull(v, "a cell");
    }
    this.header = header;
    this.values = values;
  }

  @Override
  public String get(Object column) {
    Integer i = header.index.get(column);
    return i == null ? null : values[i];
  }

  @Override
  public String getOrDefault(Object column, String otherwise) {
    Integer i = header.index.get(column);
    return i == null ? otherwise : values[i];
  }

  @Override
  public boolean containsKey(Object column) {
    return header.index.containsKey(column);
  }

  @Override
  public int size() {
    return values.length;
  }

  @Override
  public Set<Entry<String, String>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Entry<String, String>> iterator() {
        return new Iterator<>() {
          private int next;

          @Override
          public boolean hasNext() {
            return next < values.length;
          }

          @Override
          public Entry<String, String> next() {
            if (next >= values.length) {
              throw new NoSuchElementException();
            }
            int i = next++;
            return new SimpleImmutableEntry<>(header.names[i], values[i]);
          }
        };
      }

      @Override
      public int size() {
        return values.length;
      }
    };
  }
}
