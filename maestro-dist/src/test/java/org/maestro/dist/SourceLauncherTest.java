package org.maestro.dist;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The source tree's bin/maestro, which builds on first use, in a copy of its tree with a stand-in mvn (it logs its
 * calls, sleeps like a build, writes the class path file and the stray colour resets Maven 3.8 writes) and java: a
 * test must not run mvn install in the shared ~/.m2. Concurrent first calls build once; a build mvn install left is
 * used; SIGTERM during a build ends the build; the output holds no escape sequence.
 */
class SourceLauncherTest {
    private static final Path SOURCE_LAUNCHER = Path.of("").toAbsolutePath().getParent().resolve("bin/maestro");
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final String FAKE_MVN = """
            #!/bin/sh
            echo "$*" >> "$MVN_LOG"
            printf '\\033[0m\\033[0m' >&2
            case "$*" in
              *build-classpath*)
                for a in "$@"; do case "$a" in -Dmdep.outputFile=*) : > "${a#-Dmdep.outputFile=}";; esac; done;;
              *install*)
                echo $$ > "$MVN_PID"
                exec sleep "$MVN_SECONDS";;
            esac
            """;

    @TempDir
    Path tmp;

    @Test
    void concurrentFirstCallsBuildOnceAndPrintNoEscapes() throws Exception {
        Path tree = tree();
        Map<String, String> env = env("2");
        List<Process> launchers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            launchers.add(start(tree, env, "err" + i));
        }
        for (int i = 0; i < launchers.size(); i++) {
            Process p = launchers.get(i);
            assertTrue(p.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS), "launcher " + i + " ended");
            String err = Files.readString(tmp.resolve("err" + i));
            assertEquals(0, p.exitValue(), err);
            assertFalse(err.contains("\u001b"), "no escape sequence: " + err);
        }
        List<String> calls = Files.readAllLines(tmp.resolve("mvn.log"));
        assertEquals(1, calls.stream().filter(c -> c.contains(" install ")).count(), "one build: " + calls);
        assertEquals(1, calls.stream().filter(c -> c.contains("build-classpath")).count(), "one class path: " + calls);
        LauncherRun again = LauncherRun.run(tmp, env, TIMEOUT, "bash", tree.resolve("bin/maestro").toString(), "-V");
        assertEquals(0, again.exitCode(), again.printed());
        assertEquals(2, Files.readAllLines(tmp.resolve("mvn.log")).size(), "built: no mvn at all the next time");
        assertTrue(again.out().contains("java ") && again.out().contains("org.maestro.client.cli.MaestroMain -V"), again.printed());
    }

    @Test
    void aBuildMvnInstallLeftIsUsed() throws Exception {
        Path tree = tree();
        Path target = Files.createDirectories(tree.resolve("maestro-client/target/classes")).getParent();
        Files.writeString(target.resolve("maestro-client-1.0.jar"), "jar");
        LauncherRun run = LauncherRun.run(tmp, env("2"), TIMEOUT, "bash", tree.resolve("bin/maestro").toString(), "-V");
        assertEquals(0, run.exitCode(), run.printed());
        assertTrue(run.err().contains("using the build mvn install left"), run.printed());
        List<String> calls = Files.readAllLines(tmp.resolve("mvn.log"));
        assertEquals(1, calls.size(), calls.toString());
        assertTrue(calls.get(0).contains("build-classpath"), calls.toString());
    }

    @Test
    void sigtermDuringTheBuildEndsTheBuild() throws Exception {
        Path tree = tree();
        Process launcher = start(tree, env("120"), "err");
        Path pidFile = tmp.resolve("mvn.pid");
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!(Files.exists(pidFile) && !Files.readString(pidFile).isBlank()) && System.nanoTime() < deadline) {
            Thread.sleep(50); // polling a file the stand-in writes as its build starts
        }
        long mvn = Long.parseLong(Files.readString(pidFile).strip());
        launcher.destroy();   // SIGTERM
        assertTrue(launcher.waitFor(10, TimeUnit.SECONDS), "the launcher ended");
        assertEquals(143, launcher.exitValue());
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (ProcessHandle.of(mvn).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < end) {
            Thread.sleep(50);
        }
        assertFalse(ProcessHandle.of(mvn).map(ProcessHandle::isAlive).orElse(false), "the build was ended with the launcher");
    }

    /** A copy of the launcher in a tree with one source older than everything the build makes, and the stand-ins. */
    private Path tree() throws IOException {
        Path tree = Files.createDirectories(tmp.resolve("tree"));
        Path launcher = Files.createDirectories(tree.resolve("bin")).resolve("maestro");
        Files.copy(SOURCE_LAUNCHER, launcher);
        Path library = tree.resolve("maestro-dist/src/bin").resolve(LauncherTest.URL_PASSWORDS);
        Files.copy(SOURCE_LAUNCHER.getParent().getParent().resolve("maestro-dist/src/bin").resolve(LauncherTest.URL_PASSWORDS),
                Files.createDirectories(library.getParent()).resolve(LauncherTest.URL_PASSWORDS));
        Path source = Files.createDirectories(tree.resolve("maestro-client/src/main/java")).resolve("X.java");
        Files.writeString(source, "class X {}");
        Files.writeString(tree.resolve("pom.xml"), "<project/>");
        FileTime old = FileTime.from(Instant.now().minusSeconds(3600));
        Files.setLastModifiedTime(source, old);
        Files.setLastModifiedTime(tree.resolve("pom.xml"), old);
        Path bin = Files.createDirectories(tmp.resolve("fake-bin"));
        executable(bin.resolve("mvn"), FAKE_MVN);
        executable(bin.resolve("java"), "#!/bin/sh\necho \"java $*\"\n");
        return tree;
    }

    private Map<String, String> env(String mvnSeconds) {
        Map<String, String> env = new HashMap<>();
        env.put("PATH", tmp.resolve("fake-bin") + ":/usr/bin:/bin");
        env.put("MVN_LOG", tmp.resolve("mvn.log").toString());
        env.put("MVN_PID", tmp.resolve("mvn.pid").toString());
        env.put("MVN_SECONDS", mvnSeconds);
        return env;
    }

    private Process start(Path tree, Map<String, String> env, String errFile) throws IOException {
        ProcessBuilder pb = new ProcessBuilder("bash", tree.resolve("bin/maestro").toString(), "-V").directory(tmp.toFile())
                .redirectOutput(tmp.resolve(errFile + ".out").toFile()).redirectError(tmp.resolve(errFile).toFile());
        pb.environment().clear();
        pb.environment().putAll(env);
        return pb.start();
    }

    private static void executable(Path file, String text) throws IOException {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
