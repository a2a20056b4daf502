package org.maestro.client;

import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The elapsed second that opens the console's live line ("[   6s] running  send ..."; run/ProgressLine). A test that
 * waits for the load to reach a second waits for any line at that second or later: a loop held up on a loaded host
 * prints one line for the seconds it missed (LoadWatch), so the line of exactly that second may never come.
 */
public final class LiveSecond {
    private static final Pattern SECOND = Pattern.compile("^\\[\\s*(\\d+)s\\] ", Pattern.MULTILINE);

    private LiveSecond() {
    }

    /** A console line at {@code second} of the load or later. */
    public static Predicate<String> atLeast(int second) {
        return line -> latest(line) >= second;
    }

    /** The latest second a console text's live lines show; -1 before the first. */
    public static long latest(String console) {
        long latest = -1;
        for (Matcher m = SECOND.matcher(console); m.find(); ) {
            latest = Math.max(latest, Long.parseLong(m.group(1)));
        }
        return latest;
    }

    /** "at second 6 or later", for a failure message. */
    public static String describe(int second) {
        return "of the live view at second " + second + " or later";
    }
}
