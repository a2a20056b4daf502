package org.maestro.client.local;

import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/**
 * A directory of handler scripts (such as test-scripts/handlers) committed into a fresh git repository with
 * JGit, so that an agent, which only takes handlers from git, can run them where nothing has been set up: the
 * agent's source in a local run, and in tests. The copy keeps each file's executable bit.
 */
public final class HandlerRepository {
    private HandlerRepository() {
    }

    /**
     * Copies the files of {@code handlers} into {@code repo} (created; it must not exist or be empty) and commits
     * them on the repository's default branch.
     *
     * @return {@code repo}, a non-bare repository whose {@code file://} URL an agent can fetch
     * @throws IOException naming the directory when it holds no files or the repository cannot be made
     */
    public static Path commit(Path handlers, Path repo) throws IOException {
        if (!Files.isDirectory(handlers)) {
            throw new IOException("no handler directory " + handlers.toAbsolutePath());
        }
        Files.createDirectories(repo);
        try (Stream<Path> files = Files.walk(handlers)) {
            for (Path f : files.toList()) {
                Path target = repo.resolve(handlers.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        try (Git git = Git.init().setDirectory(repo.toFile()).call()) {
            git.add().addFilepattern(".").call();
            git.commit().setMessage("handlers of " + handlers.toAbsolutePath().normalize())
                    .setAuthor("maestro", "maestro@localhost").setCommitter("maestro", "maestro@localhost").call();
        } catch (GitAPIException e) {
            throw new IOException("cannot make a git repository of " + handlers + " in " + repo + ": " + e.getMessage(), e);
        }
        return repo;
    }
}
