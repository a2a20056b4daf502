package org.maestro.common.dataserver;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A file path relative to a data directory that cannot leave it: a list of non-empty segments, none of
 * them "." or "..", none containing '/', '\' or NUL. Both sides use it: the server for request paths, the
 * client for the paths a manifest names before writing anything to disk.
 *
 * <p>Printed with '/' separators ({@link #toString()}); the empty path is the directory itself.
 */
public final class RelativePath implements Comparable<RelativePath> {
    /** The directory itself. */
    public static final RelativePath ROOT = new RelativePath(List.of());

    private final List<String> segments;

    private RelativePath(List<String> segments) {
        this.segments = List.copyOf(segments);
    }

    /**
     * Parses a decoded path with '/' separators, e.g. {@code "test-1/sender-1/test.json"}. A single
     * trailing '/' is allowed; "" is {@link #ROOT}.
     *
     * @throws IllegalArgumentException saying what is wrong (absolute, "..", empty segment, bad character)
     */
    public static RelativePath parse(String path) {
        if (path == null || path.isEmpty()) {
            return ROOT;
        }
        if (path.startsWith("/")) {
            throw new IllegalArgumentException("absolute path '" + path
                    + "' is not allowed, give it relative to the data directory");
        }
        String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        List<String> segments = new ArrayList<>();
        for (String segment : trimmed.split("/", -1)) {
            segments.add(checkSegment(segment, path));
        }
        return new RelativePath(segments);
    }

    /**
     * Parses the still percent-encoded path of a URL (what follows the route prefix). Each segment is
     * decoded on its own, so an encoded separator ({@code %2F}, {@code %5C}) or an encoded dot segment
     * ({@code %2e%2e}) is refused like its plain form.
     *
     * @throws IllegalArgumentException saying what is wrong
     */
    public static RelativePath fromRawUrlPath(String rawPath) {
        if (rawPath.isEmpty()) {
            return ROOT;
        }
        if (rawPath.startsWith("/")) {
            throw new IllegalArgumentException("absolute path (or '//') is not allowed");
        }
        List<String> segments = new ArrayList<>();
        for (String raw : rawPath.split("/", -1)) {
            String decoded = UrlCodec.decode(raw, false);
            if (decoded.indexOf('/') >= 0) {
                throw new IllegalArgumentException("an encoded '/' (%2F) inside a path segment is not allowed");
            }
            segments.add(checkSegment(decoded, rawPath));
        }
        return new RelativePath(segments);
    }

    private static String checkSegment(String segment, String whole) {
        if (segment.isEmpty()) {
            throw new IllegalArgumentException("empty segment ('//') in path '" + whole + "'");
        }
        if (segment.equals("..")) {
            throw new IllegalArgumentException("'..' is not allowed in a path");
        }
        if (segment.equals(".")) {
            throw new IllegalArgumentException("'.' is not allowed in a path");
        }
        if (segment.indexOf('\\') >= 0) {
            throw new IllegalArgumentException("'\\' is not allowed in a path");
        }
        if (segment.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("NUL is not allowed in a path");
        }
        return segment;
    }

    /** Whether this is the directory itself (no segments). */
    public boolean isRoot() {
        return segments.isEmpty();
    }

    /** The segments, decoded. */
    public List<String> segments() {
        return segments;
    }

    /** Whether {@code prefix} is this path or one of its parent directories. */
    public boolean startsWith(RelativePath prefix) {
        return segments.size() >= prefix.segments.size() && segments.subList(0, prefix.segments.size()).equals(prefix.segments);
    }

    /** This path with the leading {@code prefix} removed; requires {@link #startsWith(RelativePath)}. */
    public RelativePath relativeTo(RelativePath prefix) {
        if (!startsWith(prefix)) {
            throw new IllegalArgumentException("'" + this + "' is not under '" + prefix + "'");
        }
        return new RelativePath(segments.subList(prefix.segments.size(), segments.size()));
    }

    /** This path followed by {@code other}. */
    public RelativePath resolve(RelativePath other) {
        List<String> joined = new ArrayList<>(segments);
        joined.addAll(other.segments);
        return new RelativePath(joined);
    }

    /**
     * The file system path under {@code base}, checked to stay under it after normalisation (symbolic
     * links are not followed here: that is {@link DataRoot}'s job on the serving side).
     *
     * @throws IllegalArgumentException when a segment is not a valid file name on this file system
     */
    public Path under(Path base) {
        Path normalBase = base.normalize();
        Path resolved = normalBase;
        try {
            for (String segment : segments) {
                resolved = resolved.resolve(segment);
            }
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("'" + this + "' is not a valid file name here: " + e.getReason());
        }
        resolved = resolved.normalize();
        if (!resolved.startsWith(normalBase)) {
            throw new IllegalArgumentException("'" + this + "' resolves outside " + base);
        }
        return resolved;
    }

    /** The path for a URL: each segment percent-encoded, joined by '/'. */
    public String toUrlPath() {
        return segments.stream().map(UrlCodec::encode).collect(Collectors.joining("/"));
    }

    @Override
    public int compareTo(RelativePath other) {
        return toString().compareTo(other.toString());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RelativePath other && segments.equals(other.segments);
    }

    @Override
    public int hashCode() {
        return segments.hashCode();
    }

    /** The segments joined by '/'; "" for {@link #ROOT}. */
    @Override
    public String toString() {
        return String.join("/", segments);
    }
}
