package ftl.stats;

/**
 * The archive's random generator, the random numbers of every bootstrap: SplitMix64 (Steele, Lea and Flood 2014, "Fast
 * splittable pseudorandom number generators", OOPSLA, doi:10.1145/2714064.2660195; the generator of the JDK's
 * {@link java.util.SplittableRandom}), written out here so that its stream is fixed by this file, not by a JDK
 * version.
 *
 * <p>Stream: the state {@code s} (64 bits, wrapping) advances by the golden gamma {@code 0x9E3779B97F4A7C15} before
 * each draw, and the draw is {@code mix64(s)}, with
 * {@code z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9; z = (z ^ (z >>> 27)) * 0x94D049BB133111EB; z ^ (z >>> 31)}.
 * A bounded integer in {@code [0, bound)} is Lemire's multiply-and-shift with rejection (Lemire 2019, "Fast random
 * integer generation in an interval", ACM TOMACS 29(1), doi:10.1145/3230636) on the high 32 bits of a draw, so it is
 * exactly uniform.
 *
 * <p>Seed derivation ({@link #forReplicate}): replicate {@code i} (0-based) of a bootstrap with the declared seed
 * {@code seed} draws from its own generator, whose initial state is the {@code (i + 1)}-th draw of
 * {@code SplitMix64(seed)}, i.e. {@code mix64(seed + (i + 1) gamma)}. A replicate's numbers therefore depend only on
 * the seed and its index — not on which thread computes it, in which order, nor on any other quantity — so
 * bootstraps may run on every core and still give the same bytes. Not thread-safe: one instance per thread.
 *
 * <p>The permutation test of {@link StratifiedRateRatio#permutationTest} is exact on the committed data and needs none;
 * its Monte Carlo fallback draws from this generator too.
 */
public final class SplitMix64 {

  /** The golden gamma: the odd 64-bit integer nearest {@code 2^64 / phi}. */
  static final long GAMMA = 0x9E3779B97F4A7C15L;

  private long state;

  /** A generator whose first draw is {@code mix64(seed + gamma)}. */
  public SplitMix64(long seed) {
    this.state = seed;
  }

  /** The generator of replicate {@code replicate} of a bootstrap seeded with {@code seed} (class javadoc). */
  public static SplitMix64 forReplicate(long seed, int replicate) {
    if (replicate < 0) {
      throw new IllegalArgumentException("replicate index must not be negative: " + replicate);
    }
    return new SplitMix64(mix64(seed + (replicate + 1L) * GAMMA));
  }

  /** SplitMix64's output function (class javadoc). */
  static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** The next 64-bit draw. */
  public long nextLong() {
    state += GAMMA;
    return mix64(state);
  }

  /** A uniform integer in {@code [0, bound)} (Lemire's method, class javadoc); {@code bound >= 1}. */
  public int nextInt(int bound) {
    if (bound < 1) {
      throw new IllegalArgumentException("bound must be positive: " + bound);
    }
    long m = (nextLong() >>> 32) * bound;
    long low = m & 0xFFFFFFFFL;
    if (low < bound) {
      long threshold = (0x1_0000_0000L - bound) % bound;
      while (low < threshold) {
        m = (nextLong() >>> 32) * bound;
        low = m & 0xFFFFFFFFL;
      }
    }
    return (int) (m >>> 32);
  }
}
