package org.maestro.common.dataserver;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lists the regular files under a directory with their size and SHA-256. Symbolic links are neither
 * listed nor followed. Each file is a snapshot: its length is read once and the checksum covers exactly
 * that many bytes, so a file being appended to is listed consistently. A file deleted during the listing
 * is left out.
 */
final class ManifestBuilder {
    private static final Logger LOG = LoggerFactory.getLogger(ManifestBuilder.class);

    private ManifestBuilder() {
    }

    /**
     * @param dir     the directory's real path
     * @param relative the same directory relative to the data directory, the prefix of every listed path
     */
    static Manifest build(Path dir, RelativePath relative) throws IOException {
        List<ManifestEntry> entries = new ArrayList<>();
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                if (attrs.isRegularFile()) {
                    RelativePath path;
                    try {
                        path = relative.resolve(RelativePath.parse(slashes(dir.relativize(file))));
                    } catch (IllegalArgumentException e) {
                        LOG.warn("{} cannot be served ({}), left out of the manifest", file, e.getMessage());
                        return FileVisitResult.CONTINUE;
                    }
                    ManifestEntry entry = entry(file, path);
                    if (entry != null) {
                        entries.add(entry);
                    }
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) {
                    LOG.debug("{} disappeared while listing, left out", file);
                    return FileVisitResult.CONTINUE;
                }
                throw e;
            }
        });
        entries.sort(Comparator.comparing(ManifestEntry::path));
        return new Manifest(relative.toString(), entries);
    }

    private static ManifestEntry entry(Path file, RelativePath path) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            long size = channel.size();
            String sha256 = Sha256.ofPrefix(channel, size);
            String modified = Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS).toInstant().toString();
            return new ManifestEntry(path.toString(), size, sha256, modified);
        } catch (NoSuchFileException e) {
            LOG.debug("{} disappeared while listing, left out", file);
            return null;
        }
    }

    private static String slashes(Path relative) {
        List<String> names = new ArrayList<>();
        relative.forEach(name -> names.add(name.toString()));
        return String.join("/", names);
    }
}
