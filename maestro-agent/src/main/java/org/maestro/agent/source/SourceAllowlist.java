package org.maestro.agent.source;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Which git sources an agent takes (its {@code --allow} entries). An entry is either a URL prefix that
 * must end on a path boundary ({@code https://git.lab/qe} allows {@code https://git.lab/qe/handlers.git}
 * but not {@code https://git.lab/qe-other/x.git}), or, when it holds {@code *} or {@code ?}, a pattern
 * over the whole canonical URL ({@code *} and {@code ?} stay inside one path segment, {@code **}
 * crosses segments; {@code **} alone allows every source). Entries are matched against
 * {@link SourceUrl#canonical()}: no credentials, no trailing slash, file paths with symbolic links
 * resolved.
 *
 * <p>With no entry the agent takes only {@code file://} repositories under its own work directory:
 * anyone who can publish to the control broker can send AGENT_SOURCE, and a source is code the agent
 * runs, so nothing from elsewhere runs until the operator says so.
 */
public final class SourceAllowlist {
    private final List<String> entries;
    private final List<Pattern> patterns;
    private final boolean isDefault;

    private SourceAllowlist(List<String> entries, boolean isDefault) {
        this.entries = List.copyOf(entries);
        this.isDefault = isDefault;
        List<Pattern> compiled = new ArrayList<>();
        for (String e : entries) {
            compiled.add(compile(e));
        }
        this.patterns = Collections.unmodifiableList(compiled); // null where the entry is a prefix
    }

    /**
     * @param allowed the {@code --allow} entries; empty for the default (file:// under {@code workDir})
     * @throws IllegalArgumentException naming an entry that is not a usable URL prefix or pattern
     */
    public static SourceAllowlist of(List<String> allowed, Path workDir) {
        if (allowed == null || allowed.isEmpty()) {
            return new SourceAllowlist(List.of(SourceUrl.parse(workDir.toAbsolutePath().toUri().toString()).canonical()), true);
        }
        List<String> entries = new ArrayList<>();
        for (String entry : allowed) {
            if (entry == null || entry.isBlank()) {
                throw new IllegalArgumentException("--allow: an empty entry; give a URL prefix or pattern");
            }
            String e = entry.trim();
            if (isPattern(e)) {
                entries.add(e);
            } else {
                try {
                    entries.add(SourceUrl.parse(e).canonical());
                } catch (IllegalArgumentException bad) {
                    throw new IllegalArgumentException("--allow " + e + ": " + bad.getMessage(), bad);
                }
            }
        }
        return new SourceAllowlist(entries, false);
    }

    /**
     * @throws SourceException saying why {@code url} is not allowed and how to allow it
     */
    public void check(SourceUrl url) throws SourceException {
        if (allows(url)) {
            return;
        }
        if (isDefault) {
            throw new SourceException("source " + url.redacted() + " is not allowed: this agent was started without --allow,"
                    + " so it only takes file:// repositories under its work directory (" + entries.get(0)
                    + "); start it with --allow <URL prefix> to permit this source");
        }
        throw new SourceException("source " + url.redacted() + " is not allowed: it matches none of this agent's --allow"
                + " entries " + entries);
    }

    public boolean allows(SourceUrl url) {
        String c = url.canonical();
        for (int i = 0; i < entries.size(); i++) {
            String e = entries.get(i);
            if (patterns.get(i) != null) {
                if (patterns.get(i).matcher(c).matches()) {
                    return true;
                }
            } else if (c.equals(e) || (c.startsWith(e) && (e.endsWith("/") || c.charAt(e.length()) == '/'))) {
                return true;
            }
        }
        return false;
    }

    /** The entries as matched (prefixes canonical), for the start-up banner. */
    public List<String> entries() {
        return entries;
    }

    /** Whether this is the default (no {@code --allow}). */
    public boolean isDefault() {
        return isDefault;
    }

    @Override
    public String toString() {
        return isDefault ? "file:// under " + entries.get(0).substring("file://".length()) + " (default: no --allow given)"
                : String.join(", ", entries);
    }

    private static boolean isPattern(String entry) {
        return entry.indexOf('*') >= 0 || entry.indexOf('?') >= 0;
    }

    private static Pattern compile(String entry) {
        if (!isPattern(entry)) {
            return null;
        }
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < entry.length(); i++) {
            char ch = entry.charAt(i);
            if (ch == '*' && i + 1 < entry.length() && entry.charAt(i + 1) == '*') {
                regex.append(".*");
                i++;
            } else if (ch == '*') {
                regex.append("[^/]*");
            } else if (ch == '?') {
                regex.append("[^/]");
            } else {
                regex.append(Pattern.quote(String.valueOf(ch)));
            }
        }
        return Pattern.compile(regex.toString());
    }
}
