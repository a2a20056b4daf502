package org.maestro.client.local;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A runnable router on this machine, found in one order everywhere (tests, {@code --local}, benches): the explicit
 * setting ({@code -P qdrouterd=…} or {@value #ENV}), then {@code qdrouterd} or {@code skrouterd} on the PATH, then
 * the project's {@code ../shared/routers/qdrouterd} script, which builds Qpid Dispatch 1.19 once and prints the path of
 * its wrapper. A setting that names no executable is an error, not a reason to look elsewhere.
 *
 * @param flavour which router it is: its management entity types and its config file's name differ
 * @param foundBy how it was found, for the line that says which router a run used
 */
public record RouterBinary(Path executable, Flavour flavour, String foundBy) {
    private static final Logger LOG = LoggerFactory.getLogger(RouterBinary.class);
    /** The environment variable that names the router to use. */
    public static final String ENV = "MAESTRO_QDROUTERD";
    /** The script, relative to a directory beside the checkout, that builds and prints a router. */
    public static final String SHARED_SCRIPT = "shared/routers/qdrouterd";
    /** How far up from the working directory the shared script is looked for (a module's directory is two below). */
    private static final int LEVELS_UP = 4;
    /** The shared script builds the router on first use: minutes on a busy machine, seconds once cached. */
    private static final long BUILD_MINUTES = 15;
    /** What a user is told when no router is found. */
    public static final String HOW_TO_GET_ONE = "set " + ENV + "=/path/to/qdrouterd (or skrouterd), put one on the PATH"
            + " (RHEL/Fedora: qpid-dispatch-router; skupper-router), or keep ../" + SHARED_SCRIPT + " beside the checkout";

    /** Qpid Dispatch and its successor skupper-router: the same config format, different management names. */
    public enum Flavour {
        QDROUTERD("qdrouterd", "org.apache.qpid.dispatch"),
        SKROUTERD("skrouterd", "io.skupper.router");

        private final String command;
        private final String entityTypePrefix;

        Flavour(String command, String entityTypePrefix) {
            this.command = command;
            this.entityTypePrefix = entityTypePrefix;
        }

        public String command() {
            return command;
        }

        /** A management entity type of this router, e.g. {@code router.node}. */
        public String entityType(String shortName) {
            return entityTypePrefix + "." + shortName;
        }

        static Flavour of(Path executable) {
            return executable.getFileName().toString().startsWith(SKROUTERD.command) ? SKROUTERD : QDROUTERD;
        }
    }

    /** No router could be found; the message says where it looked and how to get one. */
    public static final class NotFound extends Exception {
        public NotFound(String message) {
            super(message);
        }
    }

    /** The router of this machine, looked for from the working directory, with this process's environment. */
    public static RouterBinary find(String explicit) throws NotFound {
        return find(explicit, System.getenv(), Path.of("").toAbsolutePath());
    }

    /**
     * @param explicit a setting given for this run (e.g. {@code -P qdrouterd=…}), or null
     * @param from     where the shared script is looked for, upwards
     */
    public static RouterBinary find(String explicit, Map<String, String> env, Path from) throws NotFound {
        if (explicit != null && !explicit.isBlank()) {
            return given(explicit, "the setting qdrouterd");
        }
        String fromEnv = env.get(ENV);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return given(fromEnv, ENV);
        }
        for (Flavour f : Flavour.values()) {
            for (String dir : env.getOrDefault("PATH", "").split(File.pathSeparator)) {
                Path p = dir.isEmpty() ? null : Path.of(dir).resolve(f.command());
                if (p != null && Files.isRegularFile(p) && Files.isExecutable(p)) {
                    return new RouterBinary(p, f, "PATH");
                }
            }
        }
        Path script = sharedScript(from);
        if (script == null) {
            throw new NotFound("no router found: " + HOW_TO_GET_ONE);
        }
        return fromScript(script);
    }

    private static RouterBinary given(String setting, String name) throws NotFound {
        Path p = Path.of(setting);
        if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
            throw new NotFound(name + "=" + setting + " is not an executable file");
        }
        return new RouterBinary(p, Flavour.of(p), name);
    }

    static Path sharedScript(Path from) {
        Path dir = from.toAbsolutePath().normalize();
        for (int i = 0; i <= LEVELS_UP && dir != null; i++, dir = dir.getParent()) {
            Path script = dir.resolve(SHARED_SCRIPT);
            if (Files.isRegularFile(script) && Files.isExecutable(script)) {
                return script;
            }
        }
        return null;
    }

    /** Runs the script (which may build the router first) and takes the path it prints on its last line. */
    private static RouterBinary fromScript(Path script) throws NotFound {
        try {
            Path err = Files.createTempFile("qdrouterd-script", ".err");
            try {
                LOG.info("finding a router with {} (the first use builds it: a minute or so)", script);
                Process p = new ProcessBuilder(script.toString()).redirectError(err.toFile()).start();
                byte[] out = p.getInputStream().readAllBytes();
                if (!p.waitFor(BUILD_MINUTES, TimeUnit.MINUTES)) {
                    p.destroyForcibly();
                    throw new NotFound(script + " gave no router within " + BUILD_MINUTES + " minutes");
                }
                List<String> lines = new String(out, StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
                if (p.exitValue() != 0 || lines.isEmpty()) {
                    String why = Files.readAllLines(err).stream().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("");
                    throw new NotFound(script + " could not give a router (exit " + p.exitValue() + "): " + why);
                }
                Path router = Path.of(lines.get(lines.size() - 1).trim());
                if (!Files.isExecutable(router)) {
                    throw new NotFound(script + " printed " + router + ", which is not an executable file");
                }
                return new RouterBinary(router, Flavour.of(router), script.toString());
            } finally {
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new NotFound("cannot run " + script + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NotFound("interrupted while " + script + " looked for a router");
        }
    }

    @Override
    public String toString() {
        return executable + " (" + flavour.command() + ", from " + foundBy + ")";
    }
}
