package org.maestro.agent;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.agent.source.SourceAllowlist;
import org.maestro.agent.source.SourceException;
import org.maestro.agent.source.SourceUrl;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which sources an agent takes: URL checks, prefixes on path boundaries, patterns, the default. */
class SourceAllowlistTest {

    @Test
    void urlsAreCheckedAndCanonical() {
        assertEquals("https://git.lab:8443/qe/handlers.git", SourceUrl.parse("HTTPS://user:secret@Git.Lab:8443/qe/handlers.git/").canonical());
        assertEquals("https://user:***@git.lab/x.git", SourceUrl.parse("https://user:secret@git.lab/x.git").redacted());
        for (String[] bad : new String[][]{
                {"", "empty"}, {"git@github.com:org/x.git", "only file://, http:// and https://"},
                {"ssh://git.lab/x.git", "(not ssh:)"}, {"https://git.lab/a/../b.git", "'..' path segment"},
                {"https://git.lab/x.git?ref=1", "query or fragment"}, {"file://otherhost/srv/x.git", "must be local"},
                {"https:///x.git", "has no host"}, {"file:relative/x", "not a hierarchical URL"}}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SourceUrl.parse(bad[0]), bad[0]);
            assertTrue(e.getMessage().contains(bad[1]), bad[0] + ": " + e.getMessage());
        }
    }

    @Test
    void prefixesEndOnAPathBoundary(@TempDir Path work) {
        SourceAllowlist list = SourceAllowlist.of(List.of("https://git.lab/qe", "http://mirror.lab/"), work);
        assertTrue(list.allows(SourceUrl.parse("https://git.lab/qe/handlers.git")));
        assertTrue(list.allows(SourceUrl.parse("https://git.lab/qe")));
        assertTrue(list.allows(SourceUrl.parse("https://someone:pw@GIT.LAB/qe/x.git")));
        assertTrue(list.allows(SourceUrl.parse("http://mirror.lab/anything/x.git")));
        assertFalse(list.allows(SourceUrl.parse("https://git.lab/qe-evil/handlers.git")));
        assertFalse(list.allows(SourceUrl.parse("https://git.lab.evil.example/qe/x.git")));
        assertFalse(list.allows(SourceUrl.parse("http://git.lab/qe/x.git")), "http is not https");
        assertFalse(list.allows(SourceUrl.parse("https://mirror.lab/x.git")));
    }

    @Test
    void patternsMatchTheWholeUrl(@TempDir Path work) {
        SourceAllowlist list = SourceAllowlist.of(List.of("https://git.lab/*/handlers.git", "file:///srv/**"), work);
        assertTrue(list.allows(SourceUrl.parse("https://git.lab/qe/handlers.git")));
        assertFalse(list.allows(SourceUrl.parse("https://git.lab/qe/sub/handlers.git")), "* stays inside a segment");
        assertFalse(list.allows(SourceUrl.parse("https://git.lab/qe/handlers.git.evil")));
        assertTrue(list.allows(SourceUrl.parse("file:///srv/a/b/c.git")));
        assertTrue(SourceAllowlist.of(List.of("**"), work).allows(SourceUrl.parse("https://anywhere.example/x.git")));
    }

    @Test
    void theDefaultTakesOnlyRepositoriesUnderTheWorkDirectory(@TempDir Path tmp) throws Exception {
        Path work = Files.createDirectories(tmp.resolve("work"));
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.createSymbolicLink(work.resolve("link-out"), outside);
        SourceAllowlist list = SourceAllowlist.of(List.of(), work);
        assertTrue(list.isDefault());
        list.check(SourceUrl.parse(work.resolve("handlers").toUri().toString()));
        SourceException e = assertThrows(SourceException.class, () -> list.check(SourceUrl.parse(outside.toUri().toString())));
        assertTrue(e.getMessage().contains("started without --allow") && e.getMessage().contains("--allow <URL prefix>"), e.getMessage());
        assertThrows(SourceException.class, () -> list.check(SourceUrl.parse(work.resolve("link-out").toUri().toString())),
                "a symbolic link out of the work directory is followed before matching");
        assertThrows(SourceException.class, () -> list.check(SourceUrl.parse("https://git.lab/x.git")));
    }

    @Test
    void badEntriesAreSaidAtStartUp(@TempDir Path work) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SourceAllowlist.of(List.of("git@github.com:org/x.git"), work));
        assertTrue(e.getMessage().startsWith("--allow git@github.com:org/x.git: "), e.getMessage());
    }
}
