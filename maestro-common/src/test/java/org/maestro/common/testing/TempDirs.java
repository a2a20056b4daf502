package org.maestro.common.testing;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Removes the temporary directories fixtures make for themselves, so test runs leave nothing in /tmp. */
public final class TempDirs {
    private static final Logger LOG = LoggerFactory.getLogger(TempDirs.class);

    private TempDirs() {
    }

    /** Deletes {@code dir} and everything under it (symbolic links are removed, never followed); logs what it cannot. */
    public static void delete(Path dir) {
        if (dir == null || !Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    Files.deleteIfExists(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            LOG.warn("cannot delete temporary directory {}: {}", dir, e.toString());
        }
    }
}
