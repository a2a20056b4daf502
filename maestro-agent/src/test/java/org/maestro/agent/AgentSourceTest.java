package org.maestro.agent;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.note.Payload;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestLab;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** AGENT_SOURCE over a real MQTT broker with real git repositories: clone, update, branches and tags, refusals. */
@Integration
class AgentSourceTest {
    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto();

    @Test
    void clonesAFileRepositoryAndUsesTheNewCommitAfterAnUpdate(@TempDir Path tmp) throws Exception {
        try (GitRepo repo = GitRepo.ofTestHandlers(tmp.resolve("repo"));
             AgentFixture f = new AgentFixture(lab, tmp, "agent-1", List.of(tmp.resolve("repo").toUri().toString()))) {
            f.set(Map.of("test.id", "t1"));
            String first = f.ok(new Payload.AgentSource(repo.url(), ""));
            assertTrue(first.contains("refs/heads/main"), first);
            Payload.HandlerOutcome v1 = f.run(20, "version.sh");
            assertEquals("succeeded", v1.outcome());
            assertTrue(f.logText(v1.runId()).contains("version 1"));

            repo.write("version.sh", "#!/bin/sh\necho \"version 2\"\n", true);
            String commit2 = repo.commit("version 2");
            String second = f.source(repo.url(), "");
            assertTrue(second.contains(commit2.substring(0, 8)), second + " names the new commit " + commit2);
            Payload.HandlerOutcome v2 = f.run(20, "version.sh");
            assertTrue(f.logText(v2.runId()).contains("version 2"), f.logText(v2.runId()));
            assertEquals(commit2, ((Payload.GetReply) f.answer(new Payload.Get("source.commit"))).value());

            try (var checkouts = Files.list(f.workDir.resolve("checkouts"))) {
                Path key = checkouts.findFirst().orElseThrow();
                try (var commits = Files.list(key)) {
                    assertEquals(List.of(commit2), commits.map(p -> p.getFileName().toString()).toList(),
                            "the old checkout is pruned once no run uses it");
                }
            }
        }
    }

    @Test
    void checksOutABranchOrATag(@TempDir Path tmp) throws Exception {
        try (GitRepo repo = GitRepo.init(tmp.resolve("repo"));
             AgentFixture f = new AgentFixture(lab, tmp, "agent-2", List.of(tmp.toUri().toString()))) {
            repo.write("which.sh", "#!/bin/sh\necho 'content of v1'\n", true);
            repo.commit("v1");
            repo.tag("v1");
            repo.write("which.sh", "#!/bin/sh\necho 'content of main'\n", true);
            repo.commit("main");
            repo.branch("feature");
            repo.checkout("feature");
            repo.write("which.sh", "#!/bin/sh\necho 'content of feature'\n", true);
            repo.commit("feature");
            repo.checkout("main");
            f.set(Map.of("test.id", "t2"));

            for (String[] c : new String[][]{{"", "main"}, {"feature", "feature"}, {"v1", "v1"}, {"refs/heads/feature", "feature"}}) {
                String detail = f.source(repo.url(), c[0]);
                Payload.HandlerOutcome o = f.run(20, "which.sh");
                assertTrue(f.logText(o.runId()).contains("content of " + c[1]), "branch '" + c[0] + "' (" + detail + ")");
            }
            String reason = f.error(new Payload.AgentSource(repo.url(), "nope"));
            assertTrue(reason.contains("no branch or tag 'nope'") && reason.contains("feature") && reason.contains("v1"), reason);
            String bad = f.error(new Payload.AgentSource(repo.url(), "a..b"));
            assertTrue(bad.contains("not a valid branch or tag name"), bad);
            f.assertServing();
        }
    }

    @Test
    void aSourceNotAllowedIsRefusedWithTheReason(@TempDir Path tmp) throws Exception {
        try (GitRepo allowed = GitRepo.ofTestHandlers(tmp.resolve("qe"));
             GitRepo evil = GitRepo.ofTestHandlers(tmp.resolve("qe-evil"));
             AgentFixture f = new AgentFixture(lab, tmp, "agent-3", List.of(tmp.resolve("qe").toUri().toString()))) {
            String reason = f.error(new Payload.AgentSource(evil.url(), ""));
            assertTrue(reason.contains("is not allowed") && reason.contains("qe-evil") && reason.contains("--allow"), reason);
            String ssh = f.error(new Payload.AgentSource("ssh://git@example.invalid/x.git", ""));
            assertTrue(ssh.contains("only file://, http:// and https://"), ssh);
            String dots = f.error(new Payload.AgentSource(allowed.url() + "../qe-evil", ""));
            assertTrue(dots.contains("'..'"), dots);
            assertFalse(Files.exists(f.workDir.resolve("repos")) && Files.list(f.workDir.resolve("repos")).findAny().isPresent(),
                    "nothing was fetched");
            f.assertServing();
            f.set(Map.of("test.id", "t3"));
            f.source(allowed.url(), "");
            assertEquals("succeeded", f.run(20, "ok.sh").outcome());
        }
    }

    @Test
    void withoutAllowOnlyRepositoriesUnderTheWorkDirectoryAreTaken(@TempDir Path tmp) throws Exception {
        try (AgentFixture f = new AgentFixture(lab, tmp, "agent-4", List.of());
             GitRepo inside = GitRepo.ofTestHandlers(f.workDir.resolve("handlers"));
             GitRepo outside = GitRepo.ofTestHandlers(tmp.resolve("elsewhere"))) {
            String reason = f.error(new Payload.AgentSource(outside.url(), ""));
            assertTrue(reason.contains("started without --allow") && reason.contains(f.workDir.toRealPath().toString()), reason);
            f.set(Map.of("test.id", "t4"));
            f.source(inside.url(), "");
            assertEquals("succeeded", f.run(20, "ok.sh").outcome());
        }
    }

    @Test
    void aRepositoryThatDoesNotExistIsSaidPlainly(@TempDir Path tmp) throws Exception {
        try (AgentFixture f = new AgentFixture(lab, tmp, "agent-5", List.of(tmp.toUri().toString()))) {
            String missing = tmp.resolve("no-such-repo").toUri().toString();
            String reason = f.error(new Payload.AgentSource(missing, ""));
            assertTrue(reason.contains("repository not found") && reason.contains("no-such-repo"), reason);
            Path notGit = Files.createDirectories(tmp.resolve("just-a-dir"));
            Files.writeString(notGit.resolve("README"), "not a repository");
            String reason2 = f.error(new Payload.AgentSource(notGit.toUri().toString(), ""));
            assertTrue(reason2.contains("repository not found") && reason2.contains("just-a-dir is not a git repository"), reason2);
            try (var repos = Files.list(f.workDir.resolve("repos"))) {
                assertEquals(0, repos.count(), "a failed first fetch leaves no half-made clone");
            }
            String noSource = f.error(new Payload.UserCommand1("ok.sh", List.of()));
            assertTrue(noSource.contains("no source yet") && noSource.contains("AGENT_SOURCE"), noSource);
            assertEquals("refused", f.outcomes("ok.sh").get(0).outcome());
            f.assertServing();
        }
    }
}
