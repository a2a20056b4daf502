package org.maestro.common.util;

import java.util.Collection;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The known name nearest to a misspelled one, for one-line refusals that say what was probably meant (a
 * {@code -P} parameter a script never reads, an attribute the SUT does not have).
 */
public final class NearestName {
    private NearestName() {
    }

    /**
     * The known name with the fewest edits from {@code given} (ties by name), when it is near enough to be a
     * likely misspelling: at most max(2, a third of the given name's length) edits, and at most half the longer
     * name's letters changed (else 'c' would "mean" 'a': one edit, but nothing in common).
     */
    public static Optional<String> nearest(String given, Collection<String> known) {
        return known.stream().filter(k -> isClose(given, k))
                .min(Comparator.comparingInt((String k) -> distance(given, k)).thenComparing(k -> k));
    }

    private static boolean isClose(String given, String known) {
        int edits = distance(given, known);
        return edits <= Math.max(2, given.length() / 3) && 2 * edits <= Math.max(given.length(), known.length());
    }

    /**
     * " (did you mean 'x'?)" for a near name, else " (" + knownAre + " a, b, c)" sorted; "" when nothing is known.
     *
     * @param knownAre how the list of known names is introduced, e.g. "the script reads"
     */
    public static String hint(String given, Collection<String> known, String knownAre) {
        if (known.isEmpty()) {
            return "";
        }
        return nearest(given, known).map(n -> " (did you mean '" + n + "'?)")
                .orElseGet(() -> " (" + knownAre + " " + String.join(", ", new TreeSet<>(known)) + ")");
    }

    /**
     * Edit distance, case-insensitive: the edits that turn one name into the other, where two neighbouring letters
     * swapped count as one edit (the commonest typo: 'rnu' for 'run'), not two as in plain Levenshtein.
     */
    public static int distance(String a, String b) {
        String s = a.toLowerCase(Locale.ROOT);
        String t = b.toLowerCase(Locale.ROOT);
        int[] beforePrevious = new int[t.length() + 1];
        int[] previous = new int[t.length() + 1];
        int[] current = new int[t.length() + 1];
        for (int j = 0; j <= t.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= s.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= t.length(); j++) {
                int substitute = previous[j - 1] + (s.charAt(i - 1) == t.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitute, Math.min(previous[j] + 1, current[j - 1] + 1));
                if (i > 1 && j > 1 && s.charAt(i - 1) == t.charAt(j - 2) && s.charAt(i - 2) == t.charAt(j - 1)) {
                    current[j] = Math.min(current[j], beforePrevious[j - 2] + 1);
                }
            }
            int[] swap = beforePrevious;
            beforePrevious = previous;
            previous = current;
            current = swap;
        }
        return previous[t.length()];
    }
}
