package org.maestro.client.run.discover;

import org.maestro.client.control.Address;
import org.maestro.client.control.ControlClient;
import org.maestro.client.control.PingResult;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.util.NaturalOrder;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.maestro.client.run.TestCannotRun;

/** Discovery: pings the cluster until the test's required peers answer, or names what is missing. */
public final class PeerDirectory {
    /** How long one discovery round waits for answers at most. */
    private static final Duration ROUND = Duration.ofMillis(700);
    /** How long without a new answer ends a round whose answers already meet the needs. */
    private static final Duration QUIET = Duration.ofMillis(150);

    /**
     * How discovery lists peers, and so the order they are assigned in: by role, then by name in natural order
     * (inspector-2 before inspector-10), the order of a script's inspectors and of a topology's routers.
     */
    private static final Comparator<PingResult> BY_ROLE_AND_NAME = Comparator.comparing((PingResult p) -> p.peer().role())
            .thenComparing(p -> p.peer().name(), NaturalOrder.NAMES);

    private PeerDirectory() {
    }

    /** The peers found, with their round trip and clock offset. */
    public static List<PingResult> discover(ControlClient client, Duration window) throws TransportException, InterruptedException {
        List<PingResult> found = new ArrayList<>(client.ping(Address.all(), window));
        found.sort(BY_ROLE_AND_NAME);
        return found;
    }

    /**
     * {@code count} peers of {@code role} in {@code group} ("" = any group), named {@code name} ("" = any name); with
     * {@code everyOne}, every such peer that answers, at least {@code count}, whether or not another requirement chose it
     * too (an agent of a group may also be the one an action names).
     */
    public record Requirement(Role role, String group, int count, String name, boolean everyOne) {
        public Requirement(Role role, String group, int count, String name) {
            this(role, group, count, name, false);
        }

        public Requirement(Role role, String group, int count) {
            this(role, group, count, "");
        }

        /** Every peer of {@code role} in {@code group} that answers, at least one. */
        public static Requirement everyOneOf(Role role, String group) {
            return new Requirement(role, group, 1, "", true);
        }

        String describe(int missing) {
            if (!name.isEmpty()) {
                return role.wireName() + " '" + name + "'";
            }
            if (everyOne) {
                return "any " + role.wireName() + " in group " + group;
            }
            return missing + " " + role.wireName() + (missing > 1 ? "s" : "") + (group.isEmpty() ? "" : " in group " + group);
        }

        boolean accepts(PeerInfo p) {
            return p.role() == role && (group.isEmpty() || group.equals(p.group())) && (name.isEmpty() || name.equals(p.name()));
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
            // A round ends once the answers meet the needs and no more came for a moment: the peers that answer
            // together are all seen (the choice stays the same from run to run), without waiting out the window.
            List<PingResult> found = new ArrayList<>(client.ping(Address.all(), ROUND, QUIET, peers -> choose(needs, peers).missing().isEmpty()));
            found.sort(BY_ROLE_AND_NAME);
            Choice choice = choose(needs, found.stream().map(PingResult::peer).toList());
            if (choice.missing().isEmpty()) {
                return choice.chosen();
            }
            if (System.nanoTime() > deadline) {
                String present = found.isEmpty() ? "no peer answered"
                        : "found " + found.stream().map(p -> p.peer().role().wireName() + " '" + p.peer().name() + "'"
                        + (p.peer().hasGroup() ? " in group " + p.peer().group() : "")).collect(Collectors.joining(", "));
                throw new TestCannotRun("required peers missing after " + timeout.toSeconds() + " s: "
                        + String.join(" and ", choice.missing()) + " (" + present + ")");
            }
        }
    }

    /** The peers chosen for each need, in the order of the needs, and what is short. */
    record Choice(List<List<PeerInfo>> chosen, List<String> missing) {
    }

    static Choice choose(List<Requirement> needs, List<PeerInfo> found) {
        List<PeerInfo> free = new ArrayList<>(found);
        List<List<PeerInfo>> chosen = new ArrayList<>(Collections.nCopies(needs.size(), List.of()));
        List<String> missing = new ArrayList<>();
        // Named, then grouped requirements first: they can only be met by that peer, or by their own group's peers.
        List<Integer> ordered = new ArrayList<>(IntStream.range(0, needs.size()).boxed().toList());
        ordered.sort(Comparator.comparing((Integer i) -> needs.get(i).name().isEmpty())
                .thenComparing(i -> needs.get(i).group().isEmpty()));
        for (int i : ordered) {
            Requirement r = needs.get(i);
            List<PeerInfo> fits = r.everyOne() ? found.stream().filter(r::accepts).toList()
                    : free.stream().filter(r::accepts).limit(r.count()).toList();
            free.removeAll(fits);
            chosen.set(i, fits);
            if (fits.size() < r.count()) {
                missing.add(r.describe(r.count() - fits.size()));
            }
        }
        return new Choice(List.copyOf(chosen), missing);
    }
}
