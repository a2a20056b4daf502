package org.maestro.client.run;

import org.maestro.common.client.Address;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.PingResult;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Discovery: pings the cluster until the test's required peers answer, or names what is missing. */
public final class PeerDirectory {
    private PeerDirectory() {
    }

    /** The peers found, with their round trip and clock offset. */
    public static List<PingResult> discover(ControlClient client, Duration window) throws TransportException, InterruptedException {
        List<PingResult> found = new ArrayList<>(client.ping(Address.all(), window));
        found.sort(Comparator.comparing((PingResult p) -> p.peer().role()).thenComparing(p -> p.peer().name()));
        return found;
    }

    /**
     * Waits until at least {@code need.get(role)} peers of each role answer; returns that many of
     * each, by name.
     *
     * @throws TestCannotRun naming the roles that are short and the peers that did answer
     */
    public static Map<Role, List<PeerInfo>> await(ControlClient client, Map<Role, Integer> need, Duration timeout)
            throws TestCannotRun, TransportException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<PingResult> found = List.of();
        while (true) {
            found = discover(client, Duration.ofMillis(700));
            Map<Role, List<PeerInfo>> byRole = new LinkedHashMap<>();
            for (PingResult p : found) {
                byRole.computeIfAbsent(p.peer().role(), r -> new ArrayList<>()).add(p.peer());
            }
            boolean enough = need.entrySet().stream().allMatch(e -> byRole.getOrDefault(e.getKey(), List.of()).size() >= e.getValue());
            if (enough) {
                Map<Role, List<PeerInfo>> chosen = new LinkedHashMap<>();
                need.forEach((role, n) -> chosen.put(role, List.copyOf(byRole.get(role).subList(0, n))));
                return chosen;
            }
            if (System.nanoTime() > deadline) {
                String missing = need.entrySet().stream()
                        .filter(e -> byRole.getOrDefault(e.getKey(), List.of()).size() < e.getValue())
                        .map(e -> (e.getValue() - byRole.getOrDefault(e.getKey(), List.of()).size()) + " "
                                + e.getKey().wireName() + (e.getValue() - byRole.getOrDefault(e.getKey(), List.of()).size() > 1 ? "s" : ""))
                        .collect(Collectors.joining(" and "));
                String present = found.isEmpty() ? "no peer answered"
                        : "found " + found.stream().map(p -> p.peer().role().wireName() + " '" + p.peer().name() + "'")
                        .collect(Collectors.joining(", "));
                throw new TestCannotRun("required peers missing after " + timeout.toSeconds() + " s: " + missing
                        + " (" + present + ")");
            }
        }
    }
}
