package org.maestro.client.local;

import org.maestro.common.router.RouterKind;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A runnable router of one {@link RouterKind} on this machine, found in one order everywhere (tests, {@code --local},
 * benches): the kind's environment variable ({@code MAESTRO_QDROUTERD}, {@code MAESTRO_SKROUTERD}), then its command on
 * the PATH, then the project's {@code ../shared/routers/<command>} script, which builds the router once and prints the
 * path of its wrapper. A setting that names no executable, or a router of the other kind, is an error, not a reason to
 * look elsewhere.
 *
 * @param version what {@code --version} printed ({@code 3.5.1}), or "" when it printed nothing
 * @param foundBy how it was found, for the line that says which router a run used
 */
public record RouterBinary(Path executable, RouterKind kind, String version, String foundBy) {
    private static final Logger LOG = LoggerFactory.getLogger(RouterBinary.class);
    /** The folder, beside the checkout, of the scripts that build and print a router of each kind. */
    public static final String SHARED_DIR = "shared/routers/";
    /** How far up from the working directory the shared script is looked for (a module's directory is two below). */
    private static final int LEVELS_UP = 4;
    /** The shared script builds the router on first use: minutes on a busy machine, seconds once cached. */
    private static final long BUILD_MINUTES = 15;
    /** {@code --version} answers at once; a router that does not is not one. */
    private static final long VERSION_SECONDS = 10;

    /** No router could be found; the message says where it looked and how to get one. */
    public static final class NotFound extends Exception {
        public NotFound(String message) {
            super(message);
        }
    }

    /** What a user is told when no router of {@code kind} is found. */
    public static String howToGetOne(RouterKind kind) {
        return "set " + kind.env() + "=/path/to/" + kind.command() + ", put " + kind.command() + " on the PATH, or keep ../"
                + sharedScript(kind) + " beside the checkout";
    }

    static String sharedScript(RouterKind kind) {
        return SHARED_DIR + kind.command();
    }

    /** The router of this kind on this machine, looked for from the working directory, with this process's environment. */
    public static RouterBinary find(RouterKind kind) throws NotFound {
        return find(kind, System.getenv(), Path.of("").toAbsolutePath());
    }

    /** @param from where the shared script is looked for, upwards */
    public static RouterBinary find(RouterKind kind, Map<String, String> env, Path from) throws NotFound {
        String fromEnv = env.get(kind.env());
        if (fromEnv != null && !fromEnv.isBlank()) {
            return given(kind, Path.of(fromEnv), kind.env() + "=" + fromEnv, kind.env());
        }
        for (String dir : env.getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = dir.isEmpty() ? null : Path.of(dir).resolve(kind.command());
            if (p != null && Files.isRegularFile(p) && Files.isExecutable(p)) {
                return withVersion(p, kind, "PATH");
            }
        }
        Path script = sharedScript(kind, from);
        if (script == null) {
            throw new NotFound("no " + kind.product() + " found: " + howToGetOne(kind));
        }
        return fromScript(kind, script);
    }

    private static RouterBinary given(RouterKind kind, Path p, String setting, String foundBy) throws NotFound {
        if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
            throw new NotFound(setting + " is not an executable file");
        }
        RouterKind named = RouterKind.ofExecutable(p).orElse(kind);
        if (named != kind) {
            throw new NotFound(setting + " names " + named.command() + ", a " + named.product() + " router, where "
                    + kind.product() + " was chosen: choose " + RouterKind.SETTING + "=" + named.word() + " or set "
                    + kind.env() + " to a " + kind.command());
        }
        return withVersion(p, kind, foundBy);
    }

    static Path sharedScript(RouterKind kind, Path from) {
        Path dir = from.toAbsolutePath().normalize();
        for (int i = 0; i <= LEVELS_UP && dir != null; i++, dir = dir.getParent()) {
            Path script = dir.resolve(sharedScript(kind));
            if (Files.isRegularFile(script) && Files.isExecutable(script)) {
                return script;
            }
        }
        return null;
    }

    /** Runs the script (which may build the router first) and takes the path it prints on its last line. */
    private static RouterBinary fromScript(RouterKind kind, Path script) throws NotFound {
        LOG.info("finding {} with {} (the first use builds it: a minute or so)", kind.product(), script);
        List<String> lines = output(script, List.of(), BUILD_MINUTES * 60);
        if (lines.isEmpty()) {
            throw new NotFound(script + " printed no router");
        }
        Path router = Path.of(lines.get(lines.size() - 1).trim());
        return given(kind, router, script + " printed " + router + ", which", script.toString());
    }

    private static RouterBinary withVersion(Path executable, RouterKind kind, String foundBy) throws NotFound {
        List<String> lines = output(executable, List.of("--version"), VERSION_SECONDS);
        return new RouterBinary(executable, kind, lines.isEmpty() ? "" : lines.get(lines.size() - 1).trim(), foundBy);
    }

    /** The non-blank lines {@code program args} printed; its exit code not 0 is an error naming its last line on stderr. */
    private static List<String> output(Path program, List<String> args, long seconds) throws NotFound {
        try {
            Path err = Files.createTempFile("router", ".err");
            try {
                List<String> command = new ArrayList<>(List.of(program.toString()));
                command.addAll(args);
                Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
                byte[] out = p.getInputStream().readAllBytes();
                if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    throw new NotFound(program + " " + String.join(" ", args) + " gave no answer within " + seconds + " s");
                }
                if (p.exitValue() != 0) {
                    String why = Files.readAllLines(err).stream().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("");
                    throw new NotFound(program + (args.isEmpty() ? " could not give a router" : " " + String.join(" ", args)
                            + " failed") + " (exit " + p.exitValue() + "): " + why);
                }
                return new String(out, StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
            } finally {
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new NotFound("cannot run " + program + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NotFound("interrupted while running " + program);
        }
    }

    /** What ran, for every surface that says so: {@code skupper-router 3.5.1}. */
    public String describe() {
        return kind.describe(version);
    }

    @Override
    public String toString() {
        return describe() + " (" + executable + ", from " + foundBy + ")";
    }
}
