package org.maestro.client.local;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.router.RouterKind;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The order a router of each kind is looked for in, with real files and a real script standing in for routers. */
class RouterBinaryTest {
    private static final RouterKind QD = RouterKind.QPID_DISPATCH;
    private static final RouterKind SK = RouterKind.SKUPPER;

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
    void theKindsEnvironmentWinsThenItsCommandOnThePath() throws Exception {
        Path env = executable("env/qdrouterd", "echo 1.19.0");
        executable("bin/qdrouterd", "echo 1.18.0");
        Path sk = executable("bin/skrouterd", "echo 3.5.1");
        Map<String, String> all = Map.of(QD.env(), env.toString(), "PATH", dir.resolve("bin").toString());
        RouterBinary qd = RouterBinary.find(QD, all, dir);
        assertEquals(env, qd.executable());
        assertEquals("Qpid Dispatch 1.19.0", qd.describe());
        assertEquals(QD.env(), qd.foundBy());

        RouterBinary onPath = RouterBinary.find(SK, all, dir);
        assertEquals(sk, onPath.executable());
        assertEquals("skupper-router 3.5.1", onPath.describe());
        assertEquals("io.skupper.router.router.node", onPath.kind().entityType("router.node"));
        assertEquals("PATH", onPath.foundBy());
    }

    @Test
    void aSettingThatIsNoExecutableIsAnErrorNotAReasonToLookElsewhere() throws Exception {
        executable("bin/qdrouterd", "true");
        RouterBinary.NotFound e = assertThrows(RouterBinary.NotFound.class, () -> RouterBinary.find(QD,
                Map.of(QD.env(), "/no/such/qdrouterd", "PATH", dir.resolve("bin").toString()), dir));
        assertEquals("MAESTRO_QDROUTERD=/no/such/qdrouterd is not an executable file", e.getMessage());
    }

    @Test
    void aSettingThatNamesTheOtherKindIsRefusedInOneLine() throws Exception {
        Path sk = executable("env/skrouterd", "echo 3.5.1");
        RouterBinary.NotFound e = assertThrows(RouterBinary.NotFound.class,
                () -> RouterBinary.find(QD, Map.of(QD.env(), sk.toString()), dir));
        assertEquals("MAESTRO_QDROUTERD=" + sk + " names skrouterd, a skupper-router router, where Qpid Dispatch was chosen:"
                + " choose router=skupper or set MAESTRO_QDROUTERD to a qdrouterd", e.getMessage());
    }

    @Test
    void theKindsSharedScriptBesideTheCheckoutIsRunAndItsLastLineTaken() throws Exception {
        Path router = executable("cache/run/skrouterd", "echo 3.5.1");
        Path script = executable(RouterBinary.sharedScript(SK), "echo building >&2; echo; echo " + router);
        Path module = Files.createDirectories(dir.resolve("checkout/maestro-client"));
        RouterBinary found = RouterBinary.find(SK, Map.of("PATH", ""), module);
        assertEquals(router, found.executable());
        assertEquals(script.toString(), found.foundBy());
        assertEquals("3.5.1", found.version());

        executable(RouterBinary.sharedScript(SK), "echo 'cmake: not found' >&2; exit 1");
        RouterBinary.NotFound e = assertThrows(RouterBinary.NotFound.class, () -> RouterBinary.find(SK, Map.of(), module));
        assertEquals(script + " could not give a router (exit 1): cmake: not found", e.getMessage());
    }

    @Test
    void nothingFoundSaysHowToGetOne() {
        RouterBinary.NotFound e = assertThrows(RouterBinary.NotFound.class,
                () -> RouterBinary.find(SK, Map.of("PATH", dir.toString()), dir));
        assertEquals("no skupper-router found: " + RouterBinary.howToGetOne(SK), e.getMessage());
        assertTrue(e.getMessage().contains("MAESTRO_SKROUTERD") && e.getMessage().contains("shared/routers/skrouterd"));
    }

    @Test
    void aKindIsChosenByOneWordAndAWrongWordNamesTheChoices() {
        assertEquals(SK, RouterKind.parse("skupper"));
        assertEquals(QD, RouterKind.parse(null));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RouterKind.parse("artemis"));
        assertEquals("router 'artemis' is no router kind: choose one of qpid-dispatch, skupper (qpid-dispatch by default)",
                e.getMessage());
    }
}
