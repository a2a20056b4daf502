package org.maestro.common.note;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One management endpoint an inspector samples, as {@link TestOptions#MANAGEMENT_URL} gives it: one URL (the inspector's
 * files in its peer directory, as ever), or several separated by {@value #SEPARATOR}, each optionally named
 * {@code NAME=URL} ({@code router-1=amqp://127.0.0.1:5672,router-2=amqp://127.0.0.1:5674}), one inspector peer
 * sampling them all, each target's files in a directory of its own named after it (an unnamed one after its host and
 * port: {@code 10.0.0.2-5672}). The client writes the list and the inspector reads it here only.
 *
 * @param name "" for the one unnamed URL (files in the peer's own directory), else the target's directory name
 */
public record ManagementTarget(String name, String url) {
    public static final String SEPARATOR = ",";
    /** A name is a directory name: letters, digits, dot, dash, underscore, not starting with a dot. */
    private static final Pattern NAMED = Pattern.compile("([A-Za-z0-9_][A-Za-z0-9._-]{0,63})=(.*)", Pattern.DOTALL);

    /** {@code NAME=URL}, or the URL alone when unnamed. */
    public String text() {
        return name.isEmpty() ? url : name + "=" + url;
    }

    /** Whether the inspector writes this target's files in a directory of its own (several targets, or a named one). */
    public boolean ownDirectory() {
        return !name.isEmpty();
    }

    /**
     * The targets of a management.url option; blank gives none.
     *
     * @throws IllegalArgumentException naming the entry (its position and text) that is empty, has no host, or repeats a name
     */
    public static List<ManagementTarget> parse(String text) {
        if (text == null || text.isBlank()) {
            return List.of();
        }
        String[] entries = text.split(SEPARATOR, -1);
        List<ManagementTarget> targets = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < entries.length; i++) {
            String entry = entries[i].strip();
            String where = entries.length == 1 ? "'" + entry + "'" : "entry " + (i + 1) + " of " + entries.length + " ('" + entry + "')";
            if (entry.isEmpty()) {
                throw new IllegalArgumentException(where + " is empty: separate the URLs by one '" + SEPARATOR + "'");
            }
            Matcher m = NAMED.matcher(entry);
            String name = m.matches() ? m.group(1) : "";
            String url = m.matches() ? m.group(2).strip() : entry;
            if (url.isEmpty()) {
                throw new IllegalArgumentException(where + ": no URL after '" + name + "='");
            }
            if (name.isEmpty() && entries.length > 1) {
                name = hostAndPort(url, where);
            }
            if (!name.isEmpty() && !names.add(name)) {
                throw new IllegalArgumentException(where + ": a second target named '" + name + "': give each a name of its own"
                        + " (NAME=URL)");
            }
            targets.add(new ManagementTarget(name, url));
        }
        return List.copyOf(targets);
    }

    /** The option's text for these targets. */
    public static String format(List<ManagementTarget> targets) {
        return targets.stream().map(ManagementTarget::text).collect(Collectors.joining(SEPARATOR));
    }

    /** An unnamed target's directory name in a list: {@code HOST-PORT}, or {@code HOST} when the URL gives no port. */
    private static String hostAndPort(String url, String where) {
        try {
            URI uri = new URI(url);
            if (uri.getHost() == null) {
                throw new IllegalArgumentException(where + ": no host in it (expected e.g. amqp://router:5672, or NAME=URL)");
            }
            String host = uri.getHost().replaceAll("[^A-Za-z0-9._-]", "_");
            return uri.getPort() < 0 ? host : host + "-" + uri.getPort();
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(where + ": not a URL (" + e.getReason() + ")", e);
        }
    }
}
