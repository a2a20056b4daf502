package org.maestro.agent;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.note.Ids;
import org.maestro.common.note.Payload;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestLab;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Nothing in a note reaches a shell unquoted: arguments, option values and handler names full of shell
 * syntax arrive verbatim (as argv entries, as environment values) and nothing else runs.
 */
@Integration
class InjectionTest {
    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto();

    @Test
    void shellSyntaxInArgumentsOptionsAndNamesArrivesVerbatimAndRunsNothing(@TempDir Path tmp) throws Exception {
        String nonce = Ids.next();
        Path pwned = Path.of("/tmp/pwned-" + nonce);
        boolean plainPwnedExisted = Files.exists(Path.of("/tmp/pwned"));
        List<String> args = List.of(
                "\"; touch /tmp/pwned #\"",
                "\"; touch " + pwned + "-1 #\"",
                "; touch " + pwned + "-2 #",
                "$(touch " + pwned + "-3)",
                "`touch " + pwned + "-4`",
                "| touch " + pwned + "-5",
                "&& touch " + pwned + "-6",
                "' ; touch " + pwned + "-7 ; '",
                "$(id)",
                "`id`",
                "${HOME}",
                "*",
                "--help",
                "-e",
                "",
                "two words",
                "line\nbreak",
                "quote \" and \\ backslash",
                "ünïcödé ✓");
        String evilOption = "$(touch " + pwned + "-8); `touch " + pwned + "-9`";
        try (GitRepo repo = GitRepo.ofTestHandlers(tmp.resolve("repo"));
             AgentFixture f = new AgentFixture(lab, tmp, "agent", List.of(repo.url()))) {
            f.set(Map.of("test.id", "inject", "evil", evilOption));
            f.source(repo.url(), "");

            Payload.HandlerOutcome direct = f.run(20, "argv.sh", args.toArray(String[]::new));
            assertEquals("succeeded", direct.outcome(), direct.reason());
            assertEquals(args, argv(f, direct.runId()), "argv.sh got every argument verbatim, one argv entry each");
            assertEquals(evilOption, Files.readString(f.testDir().resolve("option-" + direct.runId() + ".bin")),
                    "the option arrived verbatim in MAESTRO_OPTION_EVIL");

            Payload.HandlerOutcome viaGroovy = f.run(30, "run-argv.groovy", args.toArray(String[]::new));
            assertEquals("succeeded", viaGroovy.outcome(), viaGroovy.reason());
            assertEquals(args, argv(f, viaGroovy.runId()), "run() of a Groovy handler passes them on verbatim too");

            for (String name : List.of("argv.sh; touch " + pwned + "-10", "argv.sh $(touch " + pwned + "-11)",
                    "`touch " + pwned + "-12`")) {
                String reason = f.error(new Payload.UserCommand1(name, List.of()));
                assertTrue(reason.contains("no such file"), reason);
            }
            f.assertServing();
        }
        for (int i = 1; i <= 12; i++) {
            assertFalse(Files.exists(Path.of(pwned + "-" + i)), pwned + "-" + i + " was created: something ran a shell");
        }
        if (!plainPwnedExisted) {
            assertFalse(Files.exists(Path.of("/tmp/pwned")), "/tmp/pwned was created: something ran a shell");
        }
    }

    /** The arguments argv.sh received in run {@code runId}: it writes them NUL-terminated to argv-<runId>.bin. */
    private static List<String> argv(AgentFixture f, String runId) throws Exception {
        Path file = f.testDir().resolve("argv-" + runId + ".bin");
        assertTrue(Files.exists(file), "argv.sh wrote " + file);
        String all = Files.readString(file, StandardCharsets.UTF_8);
        assertTrue(all.endsWith("\0"));
        return new ArrayList<>(Arrays.asList(all.substring(0, all.length() - 1).split("\0", -1)));
    }
}
