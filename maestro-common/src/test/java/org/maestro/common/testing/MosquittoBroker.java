package org.maestro.common.testing;

import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.util.LoopbackPorts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real Mosquitto broker (Debian's package) on a free loopback port, started and stopped by the
 * test. Optionally with a password file and a TLS listener. {@code bin/test} installs Mosquitto
 * when it is missing.
 */
public final class MosquittoBroker implements TestBroker {
    private static final List<String> LOCATIONS = List.of("/usr/sbin/mosquitto", "/usr/bin/mosquitto",
            "/usr/local/sbin/mosquitto", "/usr/local/bin/mosquitto");

    /** Its log and what it prints before it opens it (a bad configuration): both appended to one file. */
    private static final String LOG = "mosquitto.log";

    private final int port = LoopbackPorts.free();
    private final Path dir;
    private final Path config;
    private final boolean tls;
    private final String user;
    private Process process;

    private MosquittoBroker(String user, String password, TestCertificates certificates, String extraConfig) {
        this.tls = certificates != null;
        this.user = user;
        try {
            dir = Files.createTempDirectory("maestro-mosquitto-");
            StringBuilder conf = new StringBuilder()
                    .append("listener ").append(port).append(" 127.0.0.1\n")
                    .append("persistence false\n")
                    // Small notes must not wait for delayed ACKs (Mosquitto leaves Nagle on by default).
                    .append("set_tcp_nodelay true\n")
                    // Mosquitto drops root privileges to its own user, which cannot read our temp files.
                    .append("user root\n")
                    // A file, not stdout: Mosquitto flushes it line by line, so a failed test can show it as it is.
                    .append("log_dest file ").append(dir.resolve(LOG)).append('\n')
                    .append("log_type error\nlog_type warning\nlog_type notice\n");
            if (user != null) {
                Path passwords = dir.resolve("passwords");
                run(List.of(binary().resolveSibling("mosquitto_passwd").toString().replace("/sbin/", "/bin/"),
                        "-b", "-c", passwords.toString(), user, password));
                conf.append("allow_anonymous false\npassword_file ").append(passwords).append('\n');
            } else {
                conf.append("allow_anonymous true\n");
            }
            if (tls) {
                conf.append("certfile ").append(certificates.serverCertificate()).append('\n')
                        .append("keyfile ").append(certificates.serverKey()).append('\n');
            }
            conf.append(extraConfig);
            config = dir.resolve("mosquitto.conf");
            Files.writeString(config, conf);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare Mosquitto: " + e.getMessage(), e);
        }
        start();
    }

    /** Anonymous, plain TCP. */
    public static MosquittoBroker launch() {
        return new MosquittoBroker(null, null, null, "");
    }

    /** Anonymous, plain TCP, with these lines added to its configuration (e.g. {@code max_queued_messages 10\n}). */
    public static MosquittoBroker launch(String extraConfig) {
        return new MosquittoBroker(null, null, null, extraConfig);
    }

    /** With a user and password and a TLS listener using these certificates. */
    public static MosquittoBroker launchSecured(String user, String password, TestCertificates certificates) {
        return new MosquittoBroker(user, password, certificates, "");
    }

    /** The broker's URL, with the user name (without password) when it has one. */
    @Override
    public BrokerUrl url() {
        return BrokerUrl.parse((tls ? "mqtts://" : "mqtt://") + (user == null ? "" : user + "@") + "127.0.0.1:" + port);
    }

    public int port() {
        return port;
    }

    @Override
    public synchronized void start() {
        if (process != null && process.isAlive()) {
            return;
        }
        try {
            process = new ProcessBuilder(binary().toString(), "-c", config.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve(LOG).toFile()))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start Mosquitto: " + e.getMessage(), e);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!LoopbackPorts.isListening(port)) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                String log = log();
                stop();
                throw new IllegalStateException("Mosquitto did not start listening on 127.0.0.1:" + port + ". Its log:\n" + log);
            }
            pause();
        }
    }

    /** Stops the broker at once (SIGKILL): connected clients see their connection drop. */
    @Override
    public synchronized void stop() {
        if (process != null) {
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            process = null;
        }
    }

    @Override
    public void close() {
        stop();
        TempDirs.delete(dir);
    }

    public String log() {
        try {
            return Files.readString(dir.resolve(LOG));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    @Override
    public String toString() {
        return "Mosquitto on port " + port + (tls ? " (TLS)" : "");
    }

    static Path binary() {
        for (String location : LOCATIONS) {
            Path p = Path.of(location);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        throw new IllegalStateException("Mosquitto is not installed (looked in " + LOCATIONS + "): run bin/test,"
                + " which installs it, or 'apt-get install -y mosquitto'");
    }

    static void run(List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException(String.join(" ", command) + " failed: " + out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + command.get(0), e);
        }
    }

    private static void pause() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for Mosquitto", e);
        }
    }
}
