package org.maestro.client.local;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The order a router is looked for in, with real files and a real script standing in for routers. */
class RouterBinaryTest {
    @TempDir
    Path dir;

    private Path executable(String path, String body) throws IOException {
        Path p = dir.resolve(path);
        Files.createDirectories(p.getParent());
        Files.writeString(p, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    @Test
    void theSettingWinsThenTheEnvironmentThenThePath() throws Exception {
        Path set = executable("set/qdrouterd", "true");
        Path env = executable("env/qdrouterd", "true");
        executable("bin/skrouterd", "true");
        Map<String, String> all = Map.of(RouterBinary.ENV, env.toString(), "PATH", dir.resolve("bin").toString());
        assertEquals(set, RouterBinary.find(set.toString(), all, dir).executable());
        assertEquals(env, RouterBinary.find(null, all, dir).executable());
        RouterBinary onPath = RouterBinary.find(null, Map.of("PATH", "/nonexistent:" + dir.resolve("bin")), dir);
        assertEquals(RouterBinary.Flavour.SKROUTERD, onPath.flavour());
        assertEquals("io.skupper.router.router.node", onPath.flavour().entityType("router.node"));
        assertEquals("PATH", onPath.foundBy());
    }

    @Test
    void aSettingThatIsNoExecutableIsAnErrorNotAReasonToLookElsewhere() throws Exception {
        executable("bin/qdrouterd", "true");
        RouterBinary.NotFound e = assertThrows(RouterBinary.NotFound.class, () -> RouterBinary.find(null,
                Map.of(RouterBinary.ENV, "/no/such/qdrouterd", "PATH", dir.resolve("bin").toString()), dir));
        assertEquals(RouterBinary.ENV + "=/no/such/qdrouterd is not an executable file", e.getMessage());
    }

    @Test
    void theSharedScriptBesideTheCheckoutIsRunAndItsLastLineTaken() throws Exception {
        Path router = executable("cache/run/qdrouterd", "true");
        Path script = executable(RouterBinary.SHARED_SCRIPT, "echo building >&2; echo; echo " + router);
        Path module = Files.createDirectories(dir.resolve("checkout/maestro-client"));
        RouterBinary found = RouterBinary.find(null, Map.of("PATH", ""), module);
        assertEquals(router, found.executable());
        assertEquals(script.toString(), found.foundBy());

        executable(RouterBinary.SHARED_SCRIPT, "echo 'cmake: not found' >&2; exit 1");
        RouterBinary.NotFound e = assertThrows(RouterBinary.NotFound.class, () -> RouterBinary.find(null, Map.of(), module));
        assertEquals(script + " could not give a router (exit 1): cmake: not found", e.getMessage());
    }

    @Test
    void nothingFoundSaysHowToGetOne() {
        RouterBinary.NotFound e = assertThrows(RouterBinary.NotFound.class,
                () -> RouterBinary.find(null, Map.of("PATH", dir.toString()), dir));
        assertEquals("no router found: " + RouterBinary.HOW_TO_GET_ONE, e.getMessage());
        assertTrue(e.getMessage().contains(RouterBinary.ENV) && e.getMessage().contains("shared/routers/qdrouterd"));
    }
}
