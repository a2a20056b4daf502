package org.maestro.client.cli;

import org.maestro.client.plan.TestPlan;
import org.maestro.client.run.Console;
import org.maestro.client.run.RunRecord;
import org.maestro.client.run.search.ConfirmationRun;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.util.SecretFile;
import org.maestro.results.Summary;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A {@code --local} limit search's confirmation, run as the user's next {@code maestro run --local} runs: in a fresh JVM
 * of this client ({@code maestro confirm-limit}, {@link ConfirmLimitCommand}) with a cluster of its own.
 *
 * <p>Why a JVM of its own rather than another run in this one: with {@code --local} the workers and the embedded broker
 * live in the client's JVM, and the search's steps have had their code compiled by the JIT for minutes. A user's next run
 * starts a fresh JVM at full rate; it falls behind while the JIT compiles, and a send-delay debt run up then may never be
 * paid off (at 17,000 msg/s the search found, a cold fixed-rate run achieved 62 %). Only a fresh JVM and a fresh embedded
 * broker start from that state; a new cluster in this JVM would start with its code already compiled.
 */
final class ColdConfirmation implements ConfirmationRun {
    static final String COLD_START = "a cold start";
    /** How long a confirmation JVM asked to stop (SIGTERM: it ends its run in order) may take to end. */
    private static final long STOP_SECONDS = 60;

    private final TestPlan plan;
    private final Path handlers;
    private final Console console;

    /**
     * @param plan     the search's plan as the script built it, before this JVM's cluster completed it: the confirmation's
     *                 own cluster gives it its SUT when the script names none
     * @param handlers the handlers an agent without a source takes, or null
     */
    ColdConfirmation(TestPlan plan, Path handlers, Console console) {
        this.plan = plan;
        this.handlers = handlers;
        this.console = console;
    }

    @Override
    public String start() {
        return COLD_START;
    }

    @Override
    public Ran run(long rate, Path dir) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Set<Path> before = runDirs(dir);
        Path planFile = SecretFile.write(dir, ".plan-", RunRecord.planText(plan.confirmationAt(rate)));
        int exit;
        try {
            exit = runJvm(command(planFile, dir));
        } finally {
            Files.deleteIfExists(planFile);
        }
        Path runDir = runDirs(dir).stream().filter(d -> !before.contains(d)).findFirst().orElseThrow(() ->
                new IOException("the confirmation's JVM (maestro " + ConfirmLimitCommand.NAME + ") exited " + exit
                        + " without a run directory in " + dir));
        return new Ran(Summary.read(runDir.resolve(RunLayout.SUMMARY_JSON)), runDir);
    }

    /** java, this JVM's options, its class path, and {@code maestro confirm-limit PLAN --runs DIR}. */
    private List<String> command(Path planFile, Path dir) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions(ManagementFactory.getRuntimeMXBean().getInputArguments()));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(MaestroMain.class.getName());
        command.addAll(List.of(ConfirmLimitCommand.NAME, planFile.toString(), ConfirmLimitCommand.RUNS, dir.toString()));
        if (handlers != null) {
            command.addAll(List.of(ConfirmLimitCommand.HANDLERS, handlers.toString()));
        }
        return command;
    }

    /**
     * The options of this JVM a user's next run has too (the launcher's heap, GC and log settings: -X, -XX, -D), without
     * a debugger's or an agent's, which would clash with this JVM's (a port) or are not the user's.
     */
    static List<String> jvmOptions(List<String> these) {
        return these.stream().filter(o -> (o.startsWith("-X") || o.startsWith("-D"))
                && !o.startsWith("-Xdebug") && !o.startsWith("-Xrunjdwp")).toList();
    }

    /**
     * Runs the JVM, its output shown on the console as it comes; on an interruption (Ctrl-C, SIGTERM) the JVM is
     * asked to stop (it ends its run in order, as {@code maestro run} does) and waited for. Returns its exit code.
     */
    private int runJvm(List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        Thread pump = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    console.line(line);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, "confirmation-output");
        pump.setDaemon(true);
        pump.start();
        boolean interrupted = false;
        while (true) {
            try {
                if (interrupted && !p.waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
                int exit = p.waitFor();
                pump.join(TimeUnit.SECONDS.toMillis(5));
                // Not interrupted again: the search goes on to write its files; the interruption it was asked for
                // is recorded (its Interruption), and the confirmation's summary says it was interrupted.
                return exit;
            } catch (InterruptedException e) {
                interrupted = true;
                p.destroy();
            }
        }
    }

    private static Set<Path> runDirs(Path dir) throws IOException {
        try (Stream<Path> all = Files.list(dir)) {
            return all.filter(Files::isDirectory).collect(Collectors.toSet());
        }
    }
}
