package org.maestro.client.run.stop;

import org.maestro.client.control.ControlClient;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;
import org.maestro.common.util.SafeText;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.maestro.client.run.RemotePeer;
import org.maestro.client.run.TestCannotRun;

/**
 * The tests the peers are still running, as their STATS say: one whose client was interrupted or killed goes on
 * to its end (or for ever, for a receiver) and refuses the next test. Named here, with the command that ends it,
 * and ended here for {@code maestro stop} and {@code maestro collect}.
 */
public final class RunningTests {
    /** How long a peer has to answer STATS. */
    private static final Duration ASK = Duration.ofSeconds(3);
    /** How long stopped peers have to end (a receiver drains until quiet). */
    private static final long END_NANOS = TimeUnit.SECONDS.toNanos(15);

    private RunningTests() {
    }

    /** Each sender, receiver or inspector busy with a test, with that test's id. Agents run no test of their own. */
    public static Map<PeerInfo, String> of(ControlClient client, List<PeerInfo> peers) throws TransportException, InterruptedException {
        Map<PeerInfo, String> busy = new LinkedHashMap<>();
        List<PeerInfo> asked = peers.stream().filter(p -> p.role() != Role.AGENT).toList();
        RemotePeer.statsEach(client, asked, ASK).forEach((p, s) -> {
            if (!s.testId().isEmpty() && !s.phase().equals("idle") && !s.phase().equals(Stats.DONE)) {
                busy.put(p, s.testId());
            }
        });
        return busy;
    }

    /**
     * Refuses a new test while one of its peers still runs another.
     *
     * @param broker the control broker as the command should name it (no password)
     */
    public static void refuse(ControlClient client, List<PeerInfo> peers, String broker) throws TestCannotRun, TransportException,
            InterruptedException {
        Map<PeerInfo, String> busy = of(client, peers);
        if (busy.isEmpty()) {
            return;
        }
        String who = busy.entrySet().stream().map(e -> e.getKey().describe() + " still runs test " + SafeText.of(e.getValue()))
                .collect(Collectors.joining(", "));
        String test = busy.values().stream().distinct().count() == 1 ? " --test-id " + SafeText.of(busy.values().iterator().next()) : "";
        throw new TestCannotRun(who + " (its client was interrupted or killed); end it with: maestro stop --broker " + broker + test);
    }

    /**
     * Stops every peer busy with {@code testId} (any test when null) and waits, bounded, until they are done.
     *
     * @param say where each step is told
     * @return the peers stopped
     */
    public static List<PeerInfo> stop(ControlClient client, List<PeerInfo> peers, String testId, Consumer<String> say)
            throws TransportException, InterruptedException {
        List<PeerInfo> stopped = new ArrayList<>();
        Map<PeerInfo, String> busy = new LinkedHashMap<>(of(client, peers));
        busy.values().removeIf(test -> testId != null && !testId.equals(test));
        client.requestEach(RemotePeer.each(List.copyOf(busy.keySet()), RemotePeer::stopOf), RemotePeer.REQUEST_TIMEOUT).forEach((p, r) -> {
            if (r.allOk()) {
                say.accept(p.describe() + ": stopping test " + SafeText.of(busy.get(p)));
                stopped.add(p);
            } else {
                say.accept(p.describe() + ": cannot stop test " + SafeText.of(busy.get(p)) + ": " + String.join("; ", r.problems()));
            }
        });
        long deadline = System.nanoTime() + END_NANOS;
        List<PeerInfo> left = stopped;
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(200); // polling STATS: a peer stopped by an earlier client may not notify this one
            left = List.copyOf(of(client, left).keySet());
        }
        left.forEach(p -> say.accept(p.describe() + ": still running " + TimeUnit.NANOSECONDS.toSeconds(END_NANOS) + " s after STOP"));
        return stopped;
    }
}
