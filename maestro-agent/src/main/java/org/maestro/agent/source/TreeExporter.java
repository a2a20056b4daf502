package org.maestro.agent.source;

import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectLoader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes the files of one commit into a directory, as {@code git archive | tar x} would: executable
 * bits and symbolic links as recorded, submodules left out. Every path is checked to stay inside the
 * directory, whatever the repository holds.
 */
final class TreeExporter {
    private static final Logger LOG = LoggerFactory.getLogger(TreeExporter.class);

    private TreeExporter() {
    }

    /** Writes {@code commit}'s tree into {@code dir}, which exists and is empty. */
    static void export(Repository repo, RevCommit commit, Path dir) throws IOException {
        Path root = dir.toRealPath();
        try (TreeWalk walk = new TreeWalk(repo)) {
            walk.addTree(commit.getTree());
            walk.setRecursive(true);
            while (walk.next()) {
                String path = walk.getPathString();
                FileMode mode = walk.getFileMode(0);
                if (mode == FileMode.GITLINK) {
                    LOG.warn("{}: submodule {} is not checked out", commit.name(), path);
                    continue;
                }
                Path file = inside(root, path);
                Files.createDirectories(file.getParent());
                if (!file.getParent().toRealPath().startsWith(root)) {
                    throw new IOException("commit " + commit.name() + ": " + path + " would be written outside " + root
                            + " (through a symbolic link)");
                }
                ObjectLoader blob = repo.open(walk.getObjectId(0));
                if (mode == FileMode.SYMLINK) {
                    Files.createSymbolicLink(file, Path.of(new String(blob.getBytes(), StandardCharsets.UTF_8)));
                    continue;
                }
                try (OutputStream out = Files.newOutputStream(file)) {
                    blob.copyTo(out);
                }
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(
                        mode == FileMode.EXECUTABLE_FILE ? "rwxr-xr-x" : "rw-r--r--"));
            }
        }
    }

    private static Path inside(Path root, String path) throws IOException {
        for (String segment : path.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..") || segment.indexOf('\0') >= 0) {
                throw new IOException("the repository holds a path that cannot be checked out safely: '" + path + "'");
            }
        }
        Path file = root.resolve(path).normalize();
        if (!file.startsWith(root)) {
            throw new IOException("the repository holds a path outside its root: '" + path + "'");
        }
        return file;
    }
}
