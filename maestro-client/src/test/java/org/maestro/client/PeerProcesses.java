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
        List<String> args = new ArrayList<>(List.of("--broker", broker, "--name", name,
                "--data-dir", data.resolve(name).toString(), "--data-host", "127.0.0.1"));
        args.addAll(List.of(more));
        ChildJvm jvm = lab.closeAfterEach(ChildJvm.start(main, args.toArray(String[]::new)));
        jvm.awaitLine(readyLine(main), 30);
        return jvm;
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
