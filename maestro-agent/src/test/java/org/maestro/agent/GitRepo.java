package org.maestro.agent;

import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.revwalk.RevCommit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;

/** A real git repository in a temporary directory, made and changed with JGit: the handler sources of the tests. */
final class GitRepo implements AutoCloseable {
    private static final PersonIdent AUTHOR = new PersonIdent("Maestro Test", "test@maestro.invalid");
    private final Path dir;
    private final Git git;

    private GitRepo(Path dir, Git git) {
        this.dir = dir;
        this.git = git;
    }

    static GitRepo init(Path dir) throws Exception {
        Files.createDirectories(dir);
        return new GitRepo(dir, Git.init().setDirectory(dir.toFile()).setInitialBranch("main").call());
    }

    /** A repository holding a copy of {@code from} ({@code *.sh} and {@code *.py} executable unless named {@code *noexec*}), committed. */
    static GitRepo of(Path dir, Path from) throws Exception {
        GitRepo repo = init(dir);
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String rel = from.relativize(f).toString();
                String name = f.getFileName().toString();
                boolean exec = (name.endsWith(".sh") || name.endsWith(".py")) && !name.contains("noexec") && !rel.startsWith("lib/");
                repo.write(rel, Files.readString(f), exec);
            }
        }
        repo.commit("handlers");
        return repo;
    }

    /** The handler repository of the tests (src/test/resources/handler-repo). */
    static GitRepo ofTestHandlers(Path dir) throws Exception {
        return of(dir, resource("handler-repo"));
    }

    static Path resource(String name) {
        try {
            return Path.of(GitRepo.class.getClassLoader().getResource(name).toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    GitRepo write(String path, String content, boolean executable) throws IOException {
        Path file = dir.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(executable ? "rwxr-xr-x" : "rw-r--r--"));
        return this;
    }

    GitRepo symlink(String path, String target) throws IOException {
        Files.createSymbolicLink(dir.resolve(path), Path.of(target));
        return this;
    }

    /** Stages everything and commits; returns the commit id. */
    String commit(String message) throws Exception {
        git.add().addFilepattern(".").call();
        git.add().addFilepattern(".").setUpdate(true).call();
        RevCommit c = git.commit().setMessage(message).setAuthor(AUTHOR).setCommitter(AUTHOR).setSign(false).call();
        return c.name();
    }

    void branch(String name) throws Exception {
        git.branchCreate().setName(name).call();
    }

    void checkout(String name) throws Exception {
        git.checkout().setName(name).call();
    }

    void tag(String name) throws Exception {
        git.tag().setName(name).setAnnotated(true).setMessage("tag " + name).setTagger(AUTHOR).setSigned(false).call();
    }

    String url() {
        return dir.toUri().toString();
    }

    Path dir() {
        return dir;
    }

    @Override
    public void close() {
        git.close();
    }

    static void uncheckedDelete(Path p) {
        try {
            org.maestro.common.util.Trees.delete(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
