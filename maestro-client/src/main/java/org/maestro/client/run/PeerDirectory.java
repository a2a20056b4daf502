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

    /** {@code count} peers of {@code role} in {@code group} ("" = any group). */
    public record Requirement(Role role, String group, int count) {
        String describe(int missing) {
            return missing + " " + role.wireName() + (missing > 1 ? "s" : "") + (group.isEmpty() ? "" : " in group " + group);
        }

        boolean accepts(PeerInfo p) {
            return p.role() == role && (group.isEmpty() || group.equals(p.group()));
        }
    }

    /**
     * Waits until every requirement can be met by distinct peers; returns the peers chosen for
     * each, by name.
     *
     * @throws TestCannotRun naming what is short and the peers that did answer
     */
    public static Map<Requirement, List<PeerInfo>> await(ControlClient client, List<Requirement> needs, Duration timeout)
            throws TestCannotRun, TransportException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            List<PingResult> found = discover(client, Duration.ofMillis(700));
            List<PeerInfo> free = new ArrayList<>(found.stream().map(PingResult::peer).toList());
            Map<Requirement, List<PeerInfo>> chosen = new LinkedHashMap<>();
            List<String> missing = new ArrayList<>();
            // Grouped requirements first: they can only be met by their own group's peers.
            List<Requirement> ordered = new ArrayList<>(needs);
            ordered.sort(Comparator.comparing((Requirement r) -> r.group().isEmpty()));
            for (Requirement r : ordered) {
                List<PeerInfo> fits = free.stream().filter(r::accepts).limit(r.count()).toList();
                free.removeAll(fits);
                chosen.put(r, fits);
                if (fits.size() < r.count()) {
                    missing.add(r.describe(r.count() - fits.size()));
                }
            }
            if (missing.isEmpty()) {
                Map<Requirement, List<PeerInfo>> inOrder = new LinkedHashMap<>();
                needs.forEach(r -> inOrder.put(r, chosen.get(r)));
                return inOrder;
            }
            if (System.nanoTime() > deadline) {
                String present = found.isEmpty() ? "no peer answered"
                        : "found " + found.stream().map(p -> p.peer().role().wireName() + " '" + p.peer().name() + "'"
                        + (p.peer().hasGroup() ? " in group " + p.peer().group() : "")).collect(Collectors.joining(", "));
                throw new TestCannotRun("required peers missing after " + timeout.toSeconds() + " s: "
                        + String.join(" and ", missing) + " (" + present + ")");
            }
        }
    }
}
