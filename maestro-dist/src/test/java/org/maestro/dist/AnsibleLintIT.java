package org.maestro.dist;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.testing.Integration;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/** {@code ansible/} passes ansible-lint (production profile, its .ansible-lint), with the pinned ansible-lint. */
@Integration
class AnsibleLintIT {
    private static final Path ANSIBLE = Path.of(System.getProperty("maestro.source.root")).normalize().resolve("ansible");

    @TempDir
    Path tmp;

    @Test
    void theRolesAndPlaybooksAreLintClean() throws Exception {
        Path venv = Path.of(System.getenv().getOrDefault("MAESTRO_ANSIBLE_VENV",
                System.getProperty("user.home") + "/.cache/maestro/ansible-venv"));
        Path lint = venv.resolve("bin/ansible-lint");
        if (!Files.isExecutable(lint)) {
            String why = "no " + lint + ": bin/install-test-deps installs the pinned Ansible there";
            if ("true".equals(System.getenv("CI"))) {
                fail(why);
            }
            Assumptions.abort(why);
        }
        // From ansible/ (where .ansible-lint is), its output kept in tmp.
        LauncherRun r = LauncherRun.run(tmp, Map.of("PATH", venv.resolve("bin") + ":" + System.getenv("PATH"),
                        "HOME", tmp.toString(), "NO_COLOR", "1", "LANG", "C.UTF-8"), Duration.ofMinutes(5),
                "bash", "-c", "cd \"$1\" && exec \"$2\" --offline --format=pep8 --nocolor", "lint", ANSIBLE.toString(), lint.toString());
        assertEquals(0, r.exitCode(), r.printed());
    }
}
