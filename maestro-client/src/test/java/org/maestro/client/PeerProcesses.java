package org.maestro.client;

import org.maestro.agent.AgentMain;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.TestLab;
import org.maestro.inspector.InspectorMain;
import org.maestro.worker.WorkerMain;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A peer command ({@code maestro-worker}, {@code -inspector}, {@code -agent}) started as a process of its own for a
 * test: its data in {@code data/<name>}, its data server on 127.0.0.1, closed after the test by the lab. Returns once
 * the peer says it is ready.
 */
public final class PeerProcesses {
    private PeerProcesses() {
    }

    /**
     * @param main   WorkerMain, InspectorMain or AgentMain
     * @param broker the control broker's URL as the peer is given it (with a password, if the broker wants one)
     * @param more   the command's own options, e.g. {@code --role sender}
     */
    public static ChildJvm start(TestLab lab, Class<?> main, String broker, Path data, String name, String... more)
            throws Exception {
        return awaitReady(launch(lab, main, broker, data, name, more));
    }

    /**
     * As {@link #start}, without waiting for the peer to be ready: a test starts its peers side by side, then
     * {@link #awaitReady} each (a cold JVM is seconds of CPU; two need not take turns).
     */
    public static Launched launch(TestLab lab, Class<?> main, String broker, Path data, String name, String... more)
            throws Exception {
        List<String> args = new ArrayList<>(List.of("--broker", broker, "--name", name,
                "--data-dir", data.resolve(name).toString(), "--data-host", "127.0.0.1"));
        args.addAll(List.of(more));
        return new Launched(lab.closeAfterEach(ChildJvm.start(main, args.toArray(String[]::new))), main);
    }

    /** Returns the peer's JVM once it says it is ready; fails with its output if it does not within 30 s. */
    public static ChildJvm awaitReady(Launched peer) throws InterruptedException {
        peer.jvm().awaitLine(readyLine(peer.main()), 30);
        return peer.jvm();
    }

    /** {@link #awaitReady} each of these peers, launched side by side; their JVMs in the same order. */
    public static List<ChildJvm> awaitReady(List<Launched> peers) throws InterruptedException {
        List<ChildJvm> ready = new ArrayList<>();
        for (Launched peer : peers) {
            ready.add(awaitReady(peer));
        }
        return ready;
    }

    /** A peer command's JVM, started by {@link #launch}, and its main class (which says what its ready line is). */
    public record Launched(ChildJvm jvm, Class<?> main) {
    }

    private static String readyLine(Class<?> main) {
        if (main == WorkerMain.class) {
            return "maestro-worker: ";
        }
        if (main == InspectorMain.class) {
            return "maestro-inspector: ";
        }
        if (main == AgentMain.class) {
            return "maestro-agent: ";
        }
        throw new IllegalArgumentException(main.getName() + " is not a peer command");
    }
}
