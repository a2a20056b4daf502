package org.maestro.client.dsl;

import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.maestro.common.util.NearestName;

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
        return "unknown parameter '" + given + "'" + NearestName.hint(given, known, "the script reads");
    }
}
