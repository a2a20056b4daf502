package org.maestro.dist;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The distribution's launcher (src/bin/maestro) on its own, with fake javas: which java it picks, what it refuses
 * and the command line it hands the JVM. DistributionIT runs it for real from the unpacked tarball.
 */
class LauncherTest {
    private static final Path LAUNCHER = Path.of(System.getProperty("maestro.launcher", "src/bin/maestro")).toAbsolutePath();
    /** Absolute, so that the launcher runs with a PATH that holds nothing (no java, no coreutils). */
    private static final String BASH = "/bin/bash";
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** What the launcher sources beside it: the passwords it keeps off the JVM's command line. */
    static final String URL_PASSWORDS = "url-passwords.bash";

    @TempDir
    Path tmp;

    @Test
    void refusesWhenNoJavaIsFound() throws Exception {
        Path emptyPath = Files.createDirectories(tmp.resolve("empty-path"));
        LauncherRun r = LauncherRun.run(tmp, Map.of("PATH", emptyPath.toString()), TIMEOUT, BASH, LAUNCHER.toString(), "--version");
        assertEquals(2, r.exitCode(), r.printed());
        assertTrue(r.err().contains("needs Java 17 or newer, but found no java: JAVA_HOME is not set and there is no java on the PATH ("
                + emptyPath + ")"), r.printed());
    }

    @Test
    void refusesAJavaHomeWithoutJava() throws Exception {
        Path javaHome = Files.createDirectories(tmp.resolve("not-a-jdk"));
        LauncherRun r = run(javaHome, "--version");
        assertEquals(2, r.exitCode(), r.printed());
        assertTrue(r.err().contains("JAVA_HOME is " + javaHome + " and " + javaHome + "/bin/java is not an executable file"),
                r.printed());
    }

    @Test
    void refusesJavaOlderThan17NamingTheVersionFound() throws Exception {
        Path java11 = fakeJava("jdk-11", "openjdk version \"11.0.22\" 2024-01-16");
        LauncherRun r = run(java11, "--version");
        assertEquals(2, r.exitCode(), r.printed());
        assertTrue(r.err().contains("needs Java 17 or newer, but " + java11 + "/bin/java is Java 11.0.22"), r.printed());

        Path java8 = fakeJava("jdk-8", "java version \"1.8.0_392\"");
        r = run(java8, "--version");
        assertEquals(2, r.exitCode(), r.printed());
        assertTrue(r.err().contains("but " + java8 + "/bin/java is Java 1.8.0_392"), r.printed());
    }

    @Test
    void refusesAJavaWhoseVersionItCannotTell() throws Exception {
        Path odd = fakeJava("odd", "Error: could not create the Java Virtual Machine.");
        LauncherRun r = run(odd, "--version");
        assertEquals(2, r.exitCode(), r.printed());
        assertTrue(r.err().contains("cannot tell the version of " + odd + "/bin/java ('" + odd
                + "/bin/java -version' printed: Error: could not create the Java Virtual Machine.)"), r.printed());
    }

    @Test
    void refusesAHomeWithoutJars() throws Exception {
        Path java17 = fakeJava("jdk-17", "openjdk version \"17.0.15\" 2025-04-15");
        LauncherRun r = run(java17, "--version");
        Path home = LAUNCHER.getParent().getParent();
        assertEquals(2, r.exitCode(), r.printed());
        assertTrue(r.err().contains(home + "/lib holds no jars"), r.printed());
    }

    @Test
    void runsTheClientWithLibOnTheClassPathAndTheOptionsOfBothVariables() throws Exception {
        Path java21 = fakeJava("jdk-21", "openjdk version \"21.0.2\" 2024-01-16");
        Path home = installedLauncher();
        LauncherRun r = LauncherRun.run(tmp, Map.of("PATH", "/nonexistent", "JAVA_HOME", java21.toString(),
                        "JAVA_OPTS", "-Xmx1g  -Dwild=*", "MAESTRO_OPTS", "-Dmaestro.x=1"),
                TIMEOUT, BASH, home.resolve("bin/maestro").toString(), "worker", "--name", "a b");
        assertEquals(0, r.exitCode(), r.printed());
        assertEquals(String.join("\n", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-Dorg.slf4j.simpleLogger.log.org.maestro=warn",
                "-XX:G1PeriodicGCInterval=30000", "-Xmx1g", "-Dwild=*", "-Dmaestro.x=1", "-cp", home + "/lib/*", "org.maestro.client.cli.MaestroMain",
                "worker", "--name", "a b") + "\n", r.out());
    }

    @Test
    void findsItsHomeThroughSymlinks() throws Exception {
        Path java17 = fakeJava("jdk-17", "openjdk version \"17\" 2021-09-14");
        Path home = installedLauncher();
        Path links = Files.createDirectories(tmp.resolve("usr/local/bin"));
        // A relative link to an absolute one, as /usr/local/bin/maestro -> /etc/alternatives/maestro -> /opt/... would be.
        Path absolute = Files.createSymbolicLink(tmp.resolve("alternative"), home.resolve("bin/maestro"));
        Path relative = Files.createSymbolicLink(links.resolve("maestro"), links.relativize(absolute));
        LauncherRun r = LauncherRun.run(links, Map.of("PATH", "/usr/bin:/bin", "JAVA_HOME", java17.toString()), TIMEOUT,
                BASH, "maestro", "--version");
        assertEquals(0, r.exitCode(), r.printed());
        assertTrue(r.out().contains("-cp\n" + home + "/lib/*\n"), "found " + home + " through " + relative + ": " + r.printed());
    }

    @Test
    void takesTheJavaOnThePathWithoutJavaHome() throws Exception {
        Path java17 = fakeJava("jdk-17", "openjdk version \"17.0.1-ea\" 2021-10-19");
        Path home = installedLauncher();
        LauncherRun r = LauncherRun.run(tmp, Map.of("PATH", java17.resolve("bin").toString()), TIMEOUT,
                BASH, home.resolve("bin/maestro").toString(), "--version");
        assertEquals(0, r.exitCode(), r.printed());
        assertTrue(r.out().endsWith("org.maestro.client.cli.MaestroMain\n--version\n"), r.printed());
    }

    private LauncherRun run(Path javaHome, String... args) throws IOException, InterruptedException {
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of(BASH, LAUNCHER.toString()));
        command.addAll(java.util.List.of(args));
        return LauncherRun.run(tmp, Map.of("PATH", "/nonexistent", "JAVA_HOME", javaHome.toString()), TIMEOUT, command);
    }

    /** A JAVA_HOME whose bin/java prints {@code versionLine} for -version and, otherwise, its arguments one a line. */
    private Path fakeJava(String name, String versionLine) throws IOException {
        Path home = tmp.resolve(name);
        Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/bash\n"
                + "if [ \"$1\" = -version ]; then echo '" + versionLine + "' >&2; echo 'more lines' >&2; exit 0; fi\n"
                + "printf '%s\\n' \"$@\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return home;
    }

    /** The launcher copied into a distribution-like home with one (empty) jar in lib/. */
    private Path installedLauncher() throws IOException {
        Path home = tmp.resolve("opt/maestro");
        Path bin = Files.createDirectories(home.resolve("bin"));
        Files.copy(LAUNCHER, bin.resolve("maestro"), java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
        Files.copy(LAUNCHER.resolveSibling(URL_PASSWORDS), bin.resolve(URL_PASSWORDS), java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
        Files.createFile(Files.createDirectories(home.resolve("lib")).resolve("maestro-client.jar"));
        return home;
    }
}
