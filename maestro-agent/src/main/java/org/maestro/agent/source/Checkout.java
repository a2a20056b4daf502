package org.maestro.agent.source;

import java.nio.file.Path;

/**
 * One commit of a handler repository, written out as plain files: handlers run from here. Each commit
 * has a directory of its own, so a source update never changes the files of a handler that is running.
 *
 * @param url    where it came from
 * @param branch the branch or tag asked for ("" = the repository's default branch)
 * @param ref    what that resolved to, e.g. {@code refs/heads/main} or {@code refs/tags/v1}
 * @param commit the commit id (40 hex digits)
 * @param dir    the directory holding the commit's files
 */
public record Checkout(SourceUrl url, String branch, String ref, String commit, Path dir) {

    /** E.g. {@code file:///srv/handlers.git refs/heads/main @ 3f2a1c9d}. */
    public String describe() {
        return url.redacted() + " " + ref + " @ " + commit.substring(0, Math.min(8, commit.length()));
    }
}
