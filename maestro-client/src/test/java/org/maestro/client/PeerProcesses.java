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
    /** How long a peer started alone may take to say it is ready (a cold JVM on a loaded 2-core host). */
    private static final int READY_SECONDS = 30;

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
        return new Launched(lab.closeAfterEach(startJvm(main, broker, data, name, more)), main);
    }

    /**
     * As {@link #launch}, for a peer several tests of a class share (closed when the lab's brokers stop, see
     * {@link TestLab#closeAfterAll}): its data directory must outlive one test too.
     */
    public static Launched launchShared(TestLab lab, Class<?> main, String broker, Path data, String name, String... more)
            throws Exception {
        return new Launched(lab.closeAfterAll(startJvm(main, broker, data, name, more)), main);
    }

    private static ChildJvm startJvm(Class<?> main, String broker, Path data, String name, String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("--broker", broker, "--name", name,
                "--data-dir", data.resolve(name).toString(), "--data-host", "127.0.0.1"));
        args.addAll(List.of(more));
        return ChildJvm.start(main, args.toArray(String[]::new));
    }

    /** Returns the peer's JVM once it says it is ready; fails with its output if it does not within 30 s. */
    public static ChildJvm awaitReady(Launched peer) throws InterruptedException {
        return awaitReady(peer, 1);
    }

    /**
     * As {@link #awaitReady(Launched)}, for a peer launched side by side with {@code together - 1} others: it shares the
     * CPU with them, so it gets the 30 s each would have had in turn, {@code together} times 30 s.
     */
    public static ChildJvm awaitReady(Launched peer, int together) throws InterruptedException {
        peer.jvm().awaitLine(readyLine(peer.main()), READY_SECONDS * Math.max(1, together));
        return peer.jvm();
    }

    /** {@link #awaitReady} each of these peers, launched side by side; their JVMs in the same order. */
    public static List<ChildJvm> awaitReady(List<Launched> peers) throws InterruptedException {
        List<ChildJvm> ready = new ArrayList<>();
        for (Launched peer : peers) {
            ready.add(awaitReady(peer, peers.size()));
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
