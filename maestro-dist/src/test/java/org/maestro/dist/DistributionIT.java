package org.maestro.dist;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestLab;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The tarball {@code mvn package} made, unpacked as on a lab host and run from there with Java alone: a PATH
 * that holds bash and a few tools but no Maven, and no source tree behind it.
 */
@Integration
class DistributionIT {
    private static final Logger LOG = LoggerFactory.getLogger(DistributionIT.class);
    private static final String VERSION = System.getProperty("maestro.version");
    private static final Path TARBALL = Path.of(System.getProperty("maestro.dist.tarball"));
    private static final Path SOURCE_ROOT = Path.of(System.getProperty("maestro.source.root")).normalize();
    private static final Path JAVA_HOME = Path.of(System.getProperty("java.home"));
    /** What bin/maestro and a lab host's shell need besides java: no mvn among them. */
    private static final List<String> TOOLS = List.of("bash", "env", "readlink");

    /** The control broker a peer started from the distribution joins, as on a lab. */
    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto();

    @TempDir
    static Path tmp;
    private static Path home;
    private static Path tools;

    @BeforeAll
    static void unpack() throws Exception {
        assertTrue(Files.isRegularFile(TARBALL), "mvn package makes " + TARBALL);
        Path unpacked = Files.createDirectories(tmp.resolve("opt"));
        LauncherRun tar = LauncherRun.run(tmp, Map.of("PATH", System.getenv("PATH")), Duration.ofSeconds(60),
                "tar", "-xzf", TARBALL.toString(), "-C", unpacked.toString());
        assertEquals(0, tar.exitCode(), tar.printed());
        home = unpacked.resolve("maestro-" + VERSION);
        tools = Files.createDirectories(tmp.resolve("tools"));
        for (String tool : TOOLS) {
            Files.createSymbolicLink(tools.resolve(tool), onThisPath(tool));
        }
        LOG.info("{}: {} bytes, {} jars in lib/", TARBALL.getFileName(), Files.size(TARBALL), jars().size());
    }

    /** The links to the build's tools go before @TempDir's cleanup, which warns about links leading out of it. */
    @AfterAll
    static void removeToolLinks() throws IOException {
        for (String tool : TOOLS) {
            Files.deleteIfExists(tools.resolve(tool));
        }
    }

    @Test
    void holdsTheLauncherEveryRuntimeJarOnceAndNoTestJars() throws IOException {
        assertTrue(Files.isExecutable(home.resolve("bin/maestro")), "bin/maestro is executable");
        List<String> jars = jars();
        for (String module : List.of("maestro-common", "maestro-worker", "maestro-inspector", "maestro-agent",
                "maestro-results", "maestro-reports", "maestro-client")) {
            assertTrue(jars.contains(module + "-" + VERSION + ".jar"), module + " in lib/: " + jars);
        }
        Map<String, List<String>> byArtifact = jars.stream()
                .collect(Collectors.groupingBy(DistributionIT::withoutVersion, TreeMap::new, Collectors.toList()));
        byArtifact.values().forEach(same -> assertEquals(1, same.size(), "one version of each jar: " + same));
        jars.forEach(jar -> assertFalse(jar.contains("-tests") || jar.startsWith("junit-"), "a test jar in lib/: " + jar));
    }

    @Test
    void holdsTheScenariosWithTheHandlersModesAndTheDocs() throws IOException {
        assertTrue(Files.isRegularFile(home.resolve("test-scripts/fixed-rate.groovy")));
        assertFalse(Files.exists(home.resolve("test-scripts/pom.xml")), "the build file of test-scripts is no scenario");
        Path handlers = SOURCE_ROOT.resolve("test-scripts/handlers");
        try (Stream<Path> files = Files.walk(handlers)) {
            for (Path source : files.filter(Files::isRegularFile).toList()) {
                Path copy = home.resolve("test-scripts/handlers").resolve(handlers.relativize(source).toString());
                assertTrue(Files.isRegularFile(copy), copy + " in the distribution");
                assertEquals(Files.isExecutable(source), Files.isExecutable(copy), "the mode of " + copy + " as in the source tree");
            }
        }
        for (String doc : List.of("README.md", "docs/protocol.md", "maestro-agent/README.md", "maestro-worker/README.md",
                "maestro-dist/README.md", "test-scripts/README.md")) {
            assertTrue(Files.isRegularFile(home.resolve(doc)), doc + " in the distribution");
        }
    }

    @Test
    void printsItsVersionWithJavaFromThePathAndThroughASymlink() throws Exception {
        Files.createSymbolicLink(tools.resolve("java"), JAVA_HOME.resolve("bin/java"));
        Path link = Files.createSymbolicLink(tmp.resolve("maestro"), home.resolve("bin/maestro"));
        try {
            for (Path command : List.of(home.resolve("bin/maestro"), link)) {
                LauncherRun r = LauncherRun.run(tmp, Map.of("PATH", tools.toString()), Duration.ofSeconds(60), command.toString(),
                        "--version");
                assertEquals(0, r.exitCode(), r.printed());
                assertEquals("maestro " + VERSION + "\n", r.out(), r.printed());
            }
        } finally {
            Files.delete(tools.resolve("java"));
        }
    }

    @Test
    void startsARemotePeersCommandWithJavaHome() throws Exception {
        assertFalse(Files.exists(tools.resolve("mvn")));
        LauncherRun r = LauncherRun.run(tmp, Map.of("PATH", tools.toString(), "JAVA_HOME", JAVA_HOME.toString()),
                Duration.ofSeconds(60), home.resolve("bin/maestro").toString(), "worker", "--help");
        assertEquals(0, r.exitCode(), r.printed());
        assertTrue(r.out().contains("--role"), r.printed());
    }

    @Test
    void aWorkerStartedFromTheDistributionAnswersPingAndHalts() throws Exception {
        Path work = Files.createDirectories(tmp.resolve("sender-host"));
        Map<String, String> env = Map.of("PATH", tools.toString(), "JAVA_HOME", JAVA_HOME.toString());
        String broker = lab.controlUrl().toString();
        Path log = work.resolve("worker.log");
        ProcessBuilder pb = new ProcessBuilder(home.resolve("bin/maestro").toString(), "worker", "--role", "sender",
                "--broker", broker, "--name", "dist-sender").directory(work.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().clear();
        pb.environment().putAll(env);
        // The address it advertises for its files, from the environment as a container would set it.
        pb.environment().put("MAESTRO_DATA_ADDRESS", "127.0.0.2");
        Process worker = pb.start();
        try {
            LauncherRun ping = null;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline && worker.isAlive()
                    && (ping == null || !ping.out().contains("dist-sender"))) {
                ping = LauncherRun.run(tmp, env, Duration.ofSeconds(60), home.resolve("bin/maestro").toString(), "ping",
                        "--broker", broker, "--window", "1s");
            }
            assertTrue(ping != null && ping.out().contains("dist-sender"),
                    "the worker answers PING; ping: " + (ping == null ? "not run" : ping.printed()) + "\nworker: " + Files.readString(log));
            assertTrue(Files.readString(log).contains(", served at http://127.0.0.2:"), "MAESTRO_DATA_ADDRESS: " + Files.readString(log));
            LauncherRun halt = LauncherRun.run(tmp, env, Duration.ofSeconds(60), home.resolve("bin/maestro").toString(), "halt",
                    "--broker", broker, "--name", "dist-sender");
            assertEquals(0, halt.exitCode(), halt.printed());
            assertTrue(worker.waitFor(30, TimeUnit.SECONDS), "the worker ends after HALT: " + Files.readString(log));
        } finally {
            worker.descendants().forEach(ProcessHandle::destroyForcibly);
            worker.destroyForcibly();
            worker.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void runsAShortLocalTestFromTheUnpackedDistribution() throws Exception {
        Path work = Files.createDirectories(tmp.resolve("work"));
        // The criteria are loosened, and the warm-up is of fixed length (a busy build machine may keep the sender off its
        // schedule past any cap): this test is about the distribution, not the latency.
        LauncherRun r = LauncherRun.run(work, Map.of("PATH", tools.toString(), "JAVA_HOME", JAVA_HOME.toString(),
                        "MAESTRO_OPTS", "-Xmx512m"), Duration.ofSeconds(240),
                home.resolve("bin/maestro").toString(), "run", home.resolve("test-scripts/fixed-rate.groovy").toString(),
                "--local", "-P", "duration=5s", "-P", "warmup=1s", "-P", "warmupSendDelay=off", "-P", "rate=500", "-P", "p99=5 s");
        LOG.info("the local test from the distribution took {} ms", r.took().toMillis());
        assertEquals(0, r.exitCode(), r.printed());
        List<Path> runs;
        try (Stream<Path> dirs = Files.list(work.resolve("runs"))) {
            runs = dirs.filter(Files::isDirectory).toList();
        }
        assertEquals(1, runs.size(), "one run directory: " + runs);
        assertTrue(Files.isRegularFile(runs.get(0).resolve("report.html")), r.printed());
        assertTrue(Files.isRegularFile(runs.get(0).resolve("summary.json")), r.printed());
    }

    private static Path onThisPath(String tool) {
        return Stream.of(System.getenv("PATH").split(":")).map(dir -> Path.of(dir, tool)).filter(Files::isExecutable)
                .findFirst().orElseThrow(() -> new AssertionError("no " + tool + " on the PATH of the build"));
    }

    private static List<String> jars() throws IOException {
        try (Stream<Path> files = Files.list(home.resolve("lib"))) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".jar")).sorted().toList();
        }
    }

    /** "jackson-databind-2.22.4.jar" -> "jackson-databind": a version starts with a digit after a dash. */
    private static String withoutVersion(String jar) {
        return jar.replaceFirst("-\\d.*\\.jar$", "");
    }
}
