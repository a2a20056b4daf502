package org.maestro.agent.source;

import org.maestro.common.util.Passwords;
import org.maestro.common.util.SafeText;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The git URL of a handler repository, checked: {@code file://}, {@code http://} or {@code https://},
 * no query or fragment, no {@code .} or {@code ..} path segments. {@link #canonical()} is the form the
 * allowlist matches: scheme and host in lower case, no user or password, no trailing slash, and for
 * {@code file://} the real path (symbolic links resolved) when it exists.
 *
 * @param text      the URL as given (may carry credentials: use {@link #redacted()} in messages)
 * @param uri       the parsed URL
 * @param canonical the form used for allowlist matching
 */
public record SourceUrl(String text, URI uri, String canonical) {

    /**
     * @throws IllegalArgumentException saying what is wrong with {@code text}
     */
    public static SourceUrl parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("the source URL is empty: give a git URL (file://, http:// or https://)");
        }
        String trimmed = text.trim();
        String shown = SafeText.of(Passwords.redact(trimmed));
        if (!trimmed.matches("(?s)[A-Za-z][A-Za-z0-9+.-]*:.*")) {
            throw new IllegalArgumentException("source '" + shown + "': only file://, http:// and https:// git URLs"
                    + " are supported (it has no scheme; scp-like addresses such as git@host:path are not taken)");
        }
        URI uri;
        try {
            uri = new URI(trimmed);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("source '" + shown + "' is not a URL: " + Passwords.reason(e));
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("file") && !scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("source '" + shown + "': only file://, http:// and https:// git URLs"
                    + " are supported" + (scheme.isEmpty() ? " (it has no scheme)" : " (not " + scheme + ":)"));
        }
        if (uri.isOpaque()) {
            throw new IllegalArgumentException("source '" + shown + "' is not a hierarchical URL (write " + scheme + ":///path)");
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new IllegalArgumentException("source '" + shown + "' has a query or fragment; a git URL has neither");
        }
        String path = uri.getPath() == null ? "" : uri.getPath();
        for (String segment : path.split("/", -1)) {
            if (segment.equals(".") || segment.equals("..")) {
                throw new IllegalArgumentException("source '" + shown + "' has a '" + segment
                        + "' path segment; give the repository's path without '.' or '..'");
            }
        }
        if (path.indexOf('\0') >= 0 || path.indexOf('\\') >= 0) {
            throw new IllegalArgumentException("source '" + shown + "' has a NUL or '\\' in its path");
        }
        String canonical;
        if (scheme.equals("file")) {
            String host = uri.getHost();
            if (host != null && !host.isEmpty() && !host.equalsIgnoreCase("localhost")) {
                throw new IllegalArgumentException("source '" + shown + "' names host '" + host
                        + "': a file:// URL must be local (file:///path)");
            }
            if (!path.startsWith("/")) {
                throw new IllegalArgumentException("source '" + shown + "' has no absolute path (write file:///path)");
            }
            canonical = "file://" + stripSlash(realPath(Path.of(path)));
        } else {
            if (uri.getHost() == null || uri.getHost().isEmpty()) {
                throw new IllegalArgumentException("source '" + shown + "' has no host");
            }
            canonical = scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT)
                    + (uri.getPort() == -1 ? "" : ":" + uri.getPort()) + stripSlash(path);
        }
        return new SourceUrl(trimmed, uri, canonical);
    }

    public boolean isFile() {
        return uri.getScheme().equalsIgnoreCase("file");
    }

    /** The local path of a {@code file://} URL. */
    public Path path() {
        return Path.of(uri.getPath());
    }

    /** The URL without its password, for messages, logs and files. */
    public String redacted() {
        return Passwords.redact(text);
    }

    @Override
    public String toString() {
        return redacted();
    }

    private static String realPath(Path path) {
        try {
            return Files.exists(path) ? path.toRealPath().toString() : path.normalize().toString();
        } catch (IOException e) {
            return path.normalize().toString();
        }
    }

    private static String stripSlash(String path) {
        String p = path;
        while (p.length() > 1 && p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p;
    }
}
