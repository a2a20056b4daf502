package org.maestro.dist;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.cli.BrokerOption;
import org.maestro.common.cli.UrlPasswords;
import org.maestro.common.testing.MosquittoBroker;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import org.maestro.common.testing.Integration;

/**
 * bin/maestro keeps a password typed into a URL option off the JVM's command line, which ps shows to every user of
 * the host: the JVM gets the URL without it and the password in the environment, and the peer joins as before.
 */
@Integration
class LauncherPasswordsTest {
    private static final Path LAUNCHER = Path.of(System.getProperty("maestro.launcher", "src/bin/maestro")).toAbsolutePath();
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final String USER = "qe";
    /** Characters special to URLs and to the shell, and a mark found nowhere else on this host. */
    private static final String MARK = "Numbat" + UUID.randomUUID().toString().substring(0, 8);
    private static final String PASSWORD = MARK + "$'\"& ;+@%/:`!*";
    private static final String ENCODED = MARK + "%24%27%22%26%20%3B%2B%40%25%2F:%60!*";

    @TempDir
    Path tmp;

    @Test
    void theJvmGetsTheUrlWithoutThePasswordAndThePasswordInTheEnvironment() throws Exception {
        Path home = home(fakeJava());
        LauncherRun r = LauncherRun.run(tmp, Map.of("PATH", "/usr/bin:/bin", "JAVA_HOME", home.resolve("jdk").toString()),
                TIMEOUT, "/bin/bash", home.resolve("bin/maestro").toString(), "inspect", "--broker",
                "mqtt://" + USER + ":" + ENCODED + "@127.0.0.1:1883", "--url=http://admin:" + ENCODED + "@h:8161/jolokia",
                "--name", "a b");
        assertEquals(0, r.exitCode(), r.printed());
        List<String> printed = r.out().lines().toList();
        int main = printed.indexOf("org.maestro.client.cli.MaestroMain");
        assertEquals(List.of("inspect", "--broker", "mqtt://qe@127.0.0.1:1883", "--url=http://admin@h:8161/jolokia", "--name", "a b",
                        BrokerOption.PASSWORD_ENV + "=" + PASSWORD, UrlPasswords.variable("--url") + "=" + PASSWORD),
                printed.subList(main + 1, printed.size()), r.printed());
        assertEquals(2, r.err().lines().count(), "one warning per password: " + r.err());
        assertTrue(r.err().startsWith("maestro: warning: --broker holds a password") && r.err().contains("--broker-password-file FILE")
                && !r.err().contains(MARK), r.err());

        LauncherRun twice = LauncherRun.run(tmp, Map.of("PATH", "/usr/bin:/bin", "JAVA_HOME", home.resolve("jdk").toString(),
                BrokerOption.PASSWORD_ENV, "other"), TIMEOUT, "/bin/bash", home.resolve("bin/maestro").toString(), "worker",
                "--broker=mqtt://" + USER + ":" + ENCODED + "@127.0.0.1:1883");
        assertEquals(2, twice.exitCode(), twice.printed());
        assertEquals("maestro: the password of --broker is given twice, in its URL and by " + BrokerOption.PASSWORD_ENV
                + ": give it once", twice.err().strip());
        assertEquals("", twice.out(), "no JVM started");
    }

    @Test
    void aWorkerStartedWithThePasswordInBrokerJoinsAndNoProcessShowsIt() throws Exception {
        Path home = home(Path.of(System.getProperty("java.home")));
        try (MosquittoBroker broker = MosquittoBroker.launchSecured(USER, PASSWORD, null)) {
            broker.start();
            String withPassword = "mqtt://" + USER + ":" + ENCODED + "@127.0.0.1:" + broker.port();
            Map<String, String> env = Map.of("PATH", "/usr/bin:/bin", "JAVA_HOME", System.getProperty("java.home"));
            Path log = tmp.resolve("worker.log");
            ProcessBuilder pb = new ProcessBuilder("/bin/bash", home.resolve("bin/maestro").toString(), "worker", "--role", "sender",
                    "--broker", withPassword, "--name", "secret-sender", "--data-dir", tmp.resolve("data").toString(),
                    "--data-host", "127.0.0.1").directory(tmp.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
            pb.environment().clear();
            pb.environment().putAll(env);
            Process worker = pb.start();
            try {
                // The --opt=VALUE form, by a client that needs the password as much as the worker does.
                LauncherRun ping = null;
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
                while (System.nanoTime() < deadline && worker.isAlive() && (ping == null || !ping.out().contains("secret-sender"))) {
                    ping = LauncherRun.run(tmp, env, TIMEOUT, "/bin/bash", home.resolve("bin/maestro").toString(), "ping",
                            "--broker=" + withPassword, "--window", "1s");
                }
                assertTrue(ping != null && ping.out().contains("secret-sender"), "the worker answers PING; ping: "
                        + (ping == null ? "not run" : ping.printed()) + "\nworker: " + Files.readString(log));
                assertEquals(0, ping.exitCode(), ping.printed());
                List<String> holding = commandLinesHolding(MARK);
                assertEquals(List.of(), holding, "no process shows the password");
                assertTrue(ProcessHandle.of(worker.pid()).flatMap(p -> p.info().command()).orElse("").endsWith("/java"),
                        "the worker's process is the JVM, the launcher exec'd it");
                assertTrue(Files.readString(log).contains("maestro: warning: --broker holds a password"), Files.readString(log));
            } finally {
                worker.descendants().forEach(ProcessHandle::destroyForcibly);
                worker.destroyForcibly();
                worker.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    /** Every process's command line (as ps -eo args reads it, from /proc) that holds {@code text}. */
    private static List<String> commandLinesHolding(String text) throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path proc : procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                String args;
                try {
                    args = new String(Files.readAllBytes(proc.resolve("cmdline")), StandardCharsets.UTF_8).replace('\0', ' ');
                } catch (IOException gone) {
                    continue;   // ended since the listing
                }
                if (args.contains(text)) {
                    found.add(proc.getFileName() + ": " + args);
                }
            }
        }
        return found;
    }

    /** A JAVA_HOME whose bin/java prints its arguments one a line, then the password variables the launcher set. */
    private Path fakeJava() throws IOException {
        Path java = Files.createDirectories(tmp.resolve("fake-jdk/bin")).resolve("java");
        Files.writeString(java, "#!/bin/bash\n"
                + "if [ \"$1\" = -version ]; then echo 'openjdk version \"17.0.15\" 2025-04-15' >&2; exit 0; fi\n"
                + "printf '%s\\n' \"$@\"\n"
                + "for v in " + BrokerOption.PASSWORD_ENV + " " + UrlPasswords.variable("--url") + "; do"
                + " [ -z \"${!v:-}\" ] || printf '%s=%s\\n' \"$v\" \"${!v}\"; done\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return java.getParent().getParent();
    }

    /** The launcher in a distribution-like home whose lib/ holds this test's class path and whose jdk is {@code java}. */
    private Path home(Path javaHome) throws IOException {
        Path home = tmp.resolve("opt/maestro");
        Path bin = Files.createDirectories(home.resolve("bin"));
        Files.copy(LAUNCHER, bin.resolve("maestro"), StandardCopyOption.COPY_ATTRIBUTES);
        Files.copy(LAUNCHER.resolveSibling(LauncherTest.URL_PASSWORDS), bin.resolve(LauncherTest.URL_PASSWORDS));
        Path lib = Files.createDirectories(home.resolve("lib"));
        int i = 0;
        for (String entry : System.getProperty("java.class.path").split(":")) {
            if (entry.endsWith(".jar")) {
                Files.createSymbolicLink(lib.resolve(i++ + "-" + Path.of(entry).getFileName()), Path.of(entry));
            }
        }
        Files.createSymbolicLink(home.resolve("jdk"), javaHome);
        return home;
    }
}
