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
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

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
     * each, in the order of {@code needs}. A list, not a map: two routes of the same group with the
     * same counts are equal requirements, and each must still get peers of its own.
     *
     * @throws TestCannotRun naming what is short and the peers that did answer
     */
    public static List<List<PeerInfo>> await(ControlClient client, List<Requirement> needs, Duration timeout)
            throws TestCannotRun, TransportException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            List<PingResult> found = discover(client, Duration.ofMillis(700));
            List<PeerInfo> free = new ArrayList<>(found.stream().map(PingResult::peer).toList());
            List<List<PeerInfo>> chosen = new ArrayList<>(Collections.nCopies(needs.size(), List.of()));
            List<String> missing = new ArrayList<>();
            // Grouped requirements first: they can only be met by their own group's peers.
            List<Integer> ordered = new ArrayList<>(IntStream.range(0, needs.size()).boxed().toList());
            ordered.sort(Comparator.comparing((Integer i) -> needs.get(i).group().isEmpty()));
            for (int i : ordered) {
                Requirement r = needs.get(i);
                List<PeerInfo> fits = free.stream().filter(r::accepts).limit(r.count()).toList();
                free.removeAll(fits);
                chosen.set(i, fits);
                if (fits.size() < r.count()) {
                    missing.add(r.describe(r.count() - fits.size()));
                }
            }
            if (missing.isEmpty()) {
                return List.copyOf(chosen);
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
