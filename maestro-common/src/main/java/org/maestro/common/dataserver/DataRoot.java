package org.maestro.common.dataserver;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The served directory, and the one place a {@link RelativePath} becomes a file: the lexical path must
 * stay under the root and so must its real path, symbolic links followed (a link that leads out is
 * refused with 403, whatever it points to).
 */
public final class DataRoot {
    private final Path realRoot;

    /** @param realRoot the root as returned by {@link Path#toRealPath}, an existing directory */
    public DataRoot(Path realRoot) {
        this.realRoot = realRoot;
    }

    /** The root's real path. */
    public Path path() {
        return realRoot;
    }

    /**
     * The real path of an existing file or directory under the root.
     *
     * @throws RequestException 404 when it does not exist, 403 when it resolves outside the root or cannot
     *                          be accessed, 400 when a segment is not a valid file name
     */
    public Path existing(RelativePath relative) throws RequestException {
        Path lexical;
        try {
            lexical = relative.under(realRoot);
        } catch (IllegalArgumentException e) {
            throw new RequestException(400, e.getMessage());
        }
        Path real;
        try {
            real = lexical.toRealPath();
        } catch (NoSuchFileException e) {
            throw new RequestException(404, "no such file or directory: " + display(relative));
        } catch (IOException e) {
            throw new RequestException(403, "cannot access " + display(relative) + ": " + e.getClass().getSimpleName());
        }
        if (!real.startsWith(realRoot)) {
            throw new RequestException(403, display(relative) + " leads outside the data directory (symbolic link)");
        }
        return real;
    }

    /** As {@link #existing}, and it must be a regular file. */
    public Path regularFile(RelativePath relative) throws RequestException {
        Path real = existing(relative);
        if (Files.isDirectory(real, LinkOption.NOFOLLOW_LINKS)) {
            throw new RequestException(404, display(relative) + " is a directory, not a file; list it with /manifest?dir="
                    + relative.toUrlPath());
        }
        if (!Files.isRegularFile(real, LinkOption.NOFOLLOW_LINKS)) {
            throw new RequestException(404, display(relative) + " is not a regular file");
        }
        return real;
    }

    /** As {@link #existing}, and it must be a directory. */
    public Path directory(RelativePath relative) throws RequestException {
        Path real = existing(relative);
        if (!Files.isDirectory(real, LinkOption.NOFOLLOW_LINKS)) {
            throw new RequestException(404, display(relative) + " is not a directory");
        }
        return real;
    }

    private static String display(RelativePath relative) {
        return relative.isRoot() ? "the data directory" : "'" + relative + "'";
    }
}
