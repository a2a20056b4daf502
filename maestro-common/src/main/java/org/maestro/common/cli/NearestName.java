package org.maestro.common.cli;

import java.util.Collection;
import java.util.Optional;

/**
 * The known name a typo most likely meant ({@code rnu} → {@code run}, {@code --lcoal} → {@code --local}): the nearest
 * by edits (a letter added, dropped, changed, or two neighbours swapped), and only when it is near enough to be the
 * same word mistyped: at most one edit in three letters. {@code frobnicate} means no command at all.
 */
public final class NearestName {
    private NearestName() {
    }

    public static Optional<String> of(String typed, Collection<String> known) {
        String best = null;
        int bestEdits = Integer.MAX_VALUE;
        for (String k : known) {
            int d = edits(typed, k);
            if (d < bestEdits) {
                best = k;
                bestEdits = d;
            }
        }
        int allowed = Math.max(1, strippedLength(typed) / 3);
        return best != null && bestEdits <= allowed ? Optional.of(best) : Optional.empty();
    }

    /** The letters of a name without its leading dashes: "--lcoal" is a word of five letters. */
    private static int strippedLength(String s) {
        int i = 0;
        while (i < s.length() && s.charAt(i) == '-') {
            i++;
        }
        return s.length() - i;
    }

    /** Edits from a to b, a swap of neighbours counting as one (the optimal string alignment distance). */
    static int edits(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
