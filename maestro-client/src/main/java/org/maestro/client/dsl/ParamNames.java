package org.maestro.client.dsl;

import java.util.Collection;
import java.util.Comparator;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code param(...)} names a scenario reads, so that a {@code -P} the script never reads (a typo
 * such as {@code rat=10}, which would silently run the default rate) is refused with the nearest name.
 */
final class ParamNames {
    /** {@code param('rate', ...)} or {@code param("rate", ...)} as written; names computed at run time are recorded then. */
    private static final Pattern CALL = Pattern.compile("\\bparam\\s*\\(\\s*(['\"])([^'\"$]+)\\1\\s*[,)]");

    private ParamNames() {
    }

    /** The names of the script's literal {@code param('name', ...)} calls, including those in branches not taken. */
    static Set<String> written(String scriptText) {
        Set<String> names = new TreeSet<>();
        Matcher m = CALL.matcher(scriptText);
        while (m.find()) {
            names.add(m.group(2));
        }
        return names;
    }

    /** The one-line refusal of a parameter the script does not read. */
    static String unknown(String given, Collection<String> known) {
        if (known.isEmpty()) {
            return "unknown parameter '" + given + "': the script reads no param(...)";
        }
        String nearest = known.stream().min(Comparator.comparingInt((String k) -> distance(given, k)).thenComparing(k -> k))
                .orElseThrow();
        if (distance(given, nearest) <= Math.max(2, given.length() / 3)) {
            return "unknown parameter '" + given + "' (did you mean '" + nearest + "'?)";
        }
        return "unknown parameter '" + given + "' (the script reads " + String.join(", ", new TreeSet<>(known)) + ")";
    }

    /** Levenshtein distance, case-insensitive: the edits that turn one name into the other. */
    static int distance(String a, String b) {
        String s = a.toLowerCase(java.util.Locale.ROOT);
        String t = b.toLowerCase(java.util.Locale.ROOT);
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
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[t.length()];
    }
}
