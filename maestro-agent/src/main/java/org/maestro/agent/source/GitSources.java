package org.maestro.agent.source;

import org.eclipse.jgit.api.FetchCommand;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.transport.FetchResult;
import org.eclipse.jgit.transport.RefSpec;
import org.eclipse.jgit.transport.TagOpt;
import org.maestro.common.util.Passwords;
import org.maestro.common.util.Trees;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Fetches handler repositories with JGit into the agent's work directory and checks commits out.
 * Each URL gets a bare repository {@code <work>/repos/<name>-<hash>.git}, created by the first fetch
 * and updated by the next ones (branches and tags, force-updated, deleted ones removed); the commit
 * asked for is written to {@code <work>/checkouts/<name>-<hash>/<commit>/}.
 */
public final class GitSources {
    private static final Logger LOG = LoggerFactory.getLogger(GitSources.class);
    private static final List<RefSpec> REF_SPECS = List.of(
            new RefSpec("+refs/heads/*:refs/heads/*"), new RefSpec("+refs/tags/*:refs/tags/*"));

    private final Path repos;
    private final Path checkouts;
    private final Duration networkTimeout;

    /**
     * @param workDir        the agent's work directory (created if need be)
     * @param networkTimeout how long a fetch may wait on the network before it fails
     */
    public GitSources(Path workDir, Duration networkTimeout) throws IOException {
        this.repos = Files.createDirectories(workDir.resolve("repos"));
        this.checkouts = Files.createDirectories(workDir.resolve("checkouts"));
        this.networkTimeout = networkTimeout;
    }

    /**
     * Clones or updates {@code url} and checks out {@code branch} (a branch, a tag, a full ref name or a
     * commit id; "" for the repository's default branch).
     *
     * @throws SourceException when the repository cannot be fetched or has no such branch or tag
     */
    public Checkout update(SourceUrl url, String branch) throws SourceException {
        String b = branch == null ? "" : branch.trim();
        String key = key(url);
        Path bare = repos.resolve(key + ".git");
        boolean fresh = !Files.isDirectory(bare);
        try {
            if (fresh) {
                Git.init().setBare(true).setDirectory(bare.toFile()).call().close();
            }
            try (Git git = Git.open(bare.toFile())) {
                FetchResult fetched = fetch(git, url);
                Repository repo = git.getRepository();
                Target target = resolve(repo, fetched, b, url);
                try (RevWalk walk = new RevWalk(repo)) {
                    RevCommit commit = walk.parseCommit(target.id());
                    Path dir = checkout(repo, commit, checkouts.resolve(key));
                    Checkout out = new Checkout(url, b, target.name(), commit.name(), dir);
                    LOG.info("source {} ({}): checked out into {}", out.describe(), fresh ? "cloned" : "updated", dir);
                    return out;
                }
            }
        } catch (SourceException e) {
            forgetIfFresh(fresh, bare);
            throw e;
        } catch (GitAPIException | IOException | RuntimeException e) {
            forgetIfFresh(fresh, bare);
            throw new SourceException("cannot fetch " + url.redacted() + (b.isEmpty() ? "" : " (" + b + ")") + ": "
                    + explain(e, url), e);
        }
    }

    /** Deletes every checkout directory except those in {@code keep} (the current one and those in use). */
    public void prune(Collection<Path> keep) {
        Set<Path> kept = new TreeSet<>();
        keep.forEach(p -> kept.add(p.toAbsolutePath().normalize()));
        try (Stream<Path> keys = Files.list(checkouts)) {
            for (Path key : keys.toList()) {
                try (Stream<Path> commits = Files.list(key)) {
                    for (Path c : commits.toList()) {
                        if (!kept.contains(c.toAbsolutePath().normalize())) {
                            Trees.delete(c);
                        }
                    }
                }
            }
        } catch (IOException e) {
            LOG.warn("cannot prune old checkouts in {}: {}", checkouts, e.toString());
        }
    }

    private FetchResult fetch(Git git, SourceUrl url) throws GitAPIException, SourceException {
        if (url.isFile()) {
            Path p = url.path();
            if (!Files.exists(p)) {
                throw new SourceException("cannot fetch " + url.redacted() + ": repository not found (" + p + " does not exist)");
            }
            if (!Files.exists(p.resolve(".git")) && !(Files.isRegularFile(p.resolve("HEAD")) && Files.isDirectory(p.resolve("objects")))) {
                throw new SourceException("cannot fetch " + url.redacted() + ": repository not found (" + p
                        + " is not a git repository: it has neither .git nor HEAD and objects)");
            }
        }
        FetchCommand fetch = git.fetch()
                .setRemote(url.text())
                .setRefSpecs(REF_SPECS)
                .setTagOpt(TagOpt.NO_TAGS)
                .setRemoveDeletedRefs(true)
                .setTimeout((int) Math.max(1, networkTimeout.toSeconds()));
        return fetch.call();
    }

    /** What a branch name resolved to: a ref name (or the commit id itself) and the object it points at. */
    private record Target(String name, ObjectId id) {
        static Target of(Ref ref) {
            return new Target(ref.getName(), ref.getObjectId());
        }
    }

    private static Target resolve(Repository repo, FetchResult fetched, String branch, SourceUrl url)
            throws IOException, SourceException {
        if (branch.isEmpty()) {
            Ref head = fetched.getAdvertisedRef(Constants.HEAD);
            if (head == null || head.getObjectId() == null || !repo.getObjectDatabase().has(head.getObjectId())) {
                throw new SourceException("source " + url.redacted() + " has no default branch (no HEAD"
                        + (fetched.getAdvertisedRefs().isEmpty() ? ", and no commit at all" : "") + "); name a branch or tag"
                        + available(repo));
            }
            return new Target(head.isSymbolic() ? head.getTarget().getName() : Constants.HEAD, head.getObjectId());
        }
        if (!Repository.isValidRefName("refs/heads/" + branch) && !ObjectId.isId(branch)) {
            throw new SourceException("'" + branch + "' is not a valid branch or tag name");
        }
        for (String name : List.of(Constants.R_HEADS + branch, Constants.R_TAGS + branch, branch)) {
            Ref ref = name.startsWith(Constants.R_REFS) ? repo.exactRef(name) : null;
            if (ref != null) {
                return Target.of(ref);
            }
        }
        if (ObjectId.isId(branch) && repo.getObjectDatabase().has(ObjectId.fromString(branch))) {
            return new Target(branch, ObjectId.fromString(branch));
        }
        throw new SourceException("source " + url.redacted() + " has no branch or tag '" + branch + "'" + available(repo));
    }

    private static String available(Repository repo) throws IOException {
        List<String> heads = repo.getRefDatabase().getRefsByPrefix(Constants.R_HEADS).stream()
                .map(r -> Repository.shortenRefName(r.getName())).toList();
        List<String> tags = repo.getRefDatabase().getRefsByPrefix(Constants.R_TAGS).stream()
                .map(r -> Repository.shortenRefName(r.getName())).toList();
        return " (branches: " + (heads.isEmpty() ? "none" : String.join(", ", heads)) + "; tags: "
                + (tags.isEmpty() ? "none" : String.join(", ", tags)) + ")";
    }

    /** The commit's directory, written now unless an earlier update wrote it already. */
    private static Path checkout(Repository repo, RevCommit commit, Path keyDir) throws IOException {
        Files.createDirectories(keyDir);
        Path dir = keyDir.resolve(commit.name());
        if (Files.isDirectory(dir)) {
            return dir;
        }
        Path tmp = Files.createTempDirectory(keyDir, commit.name() + ".tmp-");
        try {
            TreeExporter.export(repo, commit, tmp);
            Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            if (Files.exists(tmp)) {
                Trees.delete(tmp);
            }
        }
        return dir;
    }

    /** A readable, file-name-safe key: the repository name and a hash of the canonical URL. */
    static String key(SourceUrl url) {
        String c = url.canonical();
        String name = c.substring(c.lastIndexOf('/') + 1).replaceAll("\\.git$", "").replaceAll("[^A-Za-z0-9._-]", "_");
        if (name.isEmpty() || name.startsWith(".")) {
            name = "repo" + name;
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(c.getBytes(StandardCharsets.UTF_8));
            return name.toLowerCase(Locale.ROOT) + "-" + HexFormat.of().formatHex(digest, 0, 5);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    private static void forgetIfFresh(boolean fresh, Path bare) {
        if (fresh && Files.exists(bare)) {
            try {
                Trees.delete(bare);
            } catch (IOException e) {
                LOG.warn("cannot delete the failed clone {}: {}", bare, e.toString());
            }
        }
    }

    /**
     * The root cause as JGit says it (JGit's outer exceptions repeat the URL at every level), passwords
     * masked, introduced by "repository not found" when that is what it means.
     */
    private static String explain(Throwable e, SourceUrl url) {
        String message = null;
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                message = t.getMessage();
            }
        }
        if (message == null) {
            return e.getClass().getSimpleName();
        }
        message = Passwords.redact(message.replace(url.text(), url.redacted()));
        return message.toLowerCase(Locale.ROOT).contains("not found") ? "repository not found: " + message : message;
    }
}
