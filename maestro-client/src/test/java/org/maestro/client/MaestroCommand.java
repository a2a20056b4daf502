package org.maestro.client;

import org.maestro.client.cli.MaestroMain;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The {@code maestro} command run in this JVM as a user runs it, its console output captured (and still shown),
 * and the run directories it leaves: for the end-to-end and security tests of the client.
 */
public final class MaestroCommand {
    /** What the command ended with: its exit code and everything it printed, stdout and stderr. */
    public record Result(int exitCode, String output) {
    }

    private MaestroCommand() {
    }

    /** Runs {@code maestro args...}; System.out and System.err are captured while it runs. */
    public static Result run(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream both = new PrintStream(captured, true);
        System.setOut(new PrintStream(new TeeStream(out, both), true));
        System.setErr(new PrintStream(new TeeStream(err, both), true));
        try {
            int code = MaestroMain.execute(args);
            return new Result(code, captured.toString());
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    /** Writes {@code text} as the script {@code dir/fileName} and runs it with {@code --local}, its runs in {@code dir/runs}. */
    public static Result runLocalScript(Path dir, String fileName, String text) throws IOException {
        Path script = Files.writeString(dir.resolve(fileName), text);
        return run("run", script.toString(), "--local", "--runs", dir.resolve("runs").toString());
    }

    /** The one run directory in {@code runs} (next to it, the runs' index.html); fails the test if there is not exactly one. */
    public static Path onlyRun(Path runs) throws IOException {
        try (Stream<Path> dirs = Files.list(runs)) {
            List<Path> all = dirs.filter(Files::isDirectory).toList();
            assertEquals(1, all.size(), all.toString());
            return all.get(0);
        }
    }

    /** Whether a run in {@code runs} has printed a progress line: its test is under way. */
    public static boolean hasProgress(Path runs) throws IOException {
        if (!Files.isDirectory(runs)) {
            return false;
        }
        try (Stream<Path> dirs = Files.list(runs)) {
            for (Path d : dirs.toList()) {
                Path log = d.resolve("console.log");
                if (Files.exists(log) && Files.readString(log).contains("running ")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Writes to two streams. */
    private static final class TeeStream extends OutputStream {
        private final OutputStream a;
        private final OutputStream b;

        TeeStream(OutputStream a, OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int c) throws IOException {
            a.write(c);
            b.write(c);
        }

        @Override
        public void write(byte[] buf, int off, int len) throws IOException {
            a.write(buf, off, len);
            b.write(buf, off, len);
        }
    }
}
