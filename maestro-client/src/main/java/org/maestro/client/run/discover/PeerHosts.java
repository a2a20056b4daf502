package org.maestro.client.run.discover;

import org.maestro.client.control.ControlClient;
import org.maestro.client.control.PingResult;
import org.maestro.client.control.Replies;
import org.maestro.common.note.ClockSource;
import org.maestro.common.note.GetKeys;
import org.maestro.common.note.Payload;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.util.SafeText;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NoRouteToHostException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeMap;
import org.maestro.client.run.BoundedParallel;
import org.maestro.client.run.Console;
import org.maestro.client.run.RemotePeer;
import org.maestro.client.run.TestCannotRun;

/**
 * Before the test, for each of its peers: where it runs (host name, the data URL it advertises and the address
 * that resolves to), how its clock compares with the client's (best of {@link #PINGS} PINGs), and whether the
 * client can reach its data server at all. A data server the client cannot connect to stops the test before it
 * starts, naming the peer, the URL and why, instead of a failed collection after a long run.
 */
public final class PeerHosts {
    /** Enough for one ping's round trip to fall on a quiet moment of the broker; the best one is kept. */
    static final int PINGS = 5;
    private static final Duration PING_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration DATA_URL_TIMEOUT = Duration.ofSeconds(5);
    private static final int CONNECT_TIMEOUT_MILLIS = 3_000;

    private PeerHosts() {
    }

    /**
     * What the probe found.
     *
     * @param unreachable one line per peer whose data server the client cannot reach: the peer, its URL and why
     */
    public record Probe(List<ProbedHost> hosts, List<String> unreachable) {
        /** @throws TestCannotRun naming every unreachable data server */
        public void requireReachable() throws TestCannotRun {
            if (!unreachable.isEmpty()) {
                throw new TestCannotRun(String.join("; ", unreachable));
            }
        }
    }

    /**
     * Probes every peer, all at once (PINGs and GETs to each peer's own topic, connections {@link
     * BoundedParallel#PEERS_AT_ONCE} at a time), and prints a line for each, or for many peers a summary and a line
     * for each that did not answer.
     */
    public static Probe probe(ControlClient client, List<PeerInfo> peers, Console console)
            throws TransportException, InterruptedException {
        Map<PeerInfo, List<PingResult>> pings = ping(client, peers);
        Map<PeerInfo, Replies> urls = client.requestEach(peers, new Payload.Get(GetKeys.DATA_URL), DATA_URL_TIMEOUT);
        List<Probed> probed = BoundedParallel.map(peers, "probe", p -> probe(p, RemotePeer.dataUrlIn(urls.get(p).of(p)), pings.get(p)));
        List<ProbedHost> hosts = probed.stream().map(Probed::host).toList();
        List<String> unreachable = probed.stream().map(Probed::unreachable).filter(Objects::nonNull).toList();
        if (Console.linePerPeer(peers.size())) {
            hosts.forEach(h -> console.line("  %s", describe(h)));
        } else {
            console.line("  %s", summarise(hosts));
            hosts.stream().filter(h -> h.clock().roundTripMillis() == null)
                    .forEach(h -> console.line("  %s", describe(h)));
        }
        return new Probe(hosts, unreachable);
    }

    /** One peer's host, and why its data server cannot be reached (null when it can). */
    private record Probed(ProbedHost host, String unreachable) {
    }

    private static Probed probe(PeerInfo p, String url, List<PingResult> pings) {
        String dataHost = "";
        String address = "";
        String unreachable = null;
        if (url == null) {
            unreachable = p.describe() + " did not say where its data server is (no answer to GET data.url in "
                    + DATA_URL_TIMEOUT.toSeconds() + " s)";
        } else if (!url.isEmpty()) {
            URI u = httpUrl(url);
            dataHost = u == null ? "" : u.getHost();
            String problem;
            try {
                if (u == null) {
                    problem = "that is not an http://host:port/ URL";
                } else {
                    InetAddress resolved = InetAddress.getByName(dataHost);
                    address = resolved.getHostAddress();
                    problem = connectProblem(new InetSocketAddress(resolved, u.getPort()));
                }
            } catch (UnknownHostException e) {
                problem = "unknown host " + dataHost;
            }
            if (problem != null) {
                unreachable = "the client cannot reach the data server of " + p.describe() + " at " + SafeText.of(url) + ": " + problem
                        + " (set the address it advertises with --data-address or MAESTRO_DATA_ADDRESS)";
            }
        }
        return new Probed(host(p, address, url == null ? "" : url, dataHost, pings), unreachable);
    }

    /**
     * A peer's host and clock from its pings: a peer that reads the client's own clock (same process, same host) has
     * its round trip but no offset, which there is no need to estimate; any other has the best ping's offset and that
     * offset's uncertainty.
     */
    static ProbedHost host(PeerInfo p, String address, String url, String dataHost, List<PingResult> pings) {
        Optional<PingResult> best = PingResult.best(pings);
        String sameClock = best.map(PingResult::sharedClock).orElse(null);
        Optional<PingResult> estimated = best.filter(b -> sameClock == null);
        return new ProbedHost(p.name(), p.role().wireName(), p.host(), address, url, dataHost, new ProbedHost.Clock(
                estimated.map(b -> millis(b.clockOffsetMicros())).orElse(null), best.map(b -> millis(b.roundTripMicros())).orElse(null),
                pings.size(), estimated.map(b -> millis(b.clockUncertaintyMicros())).orElse(null), sameClock));
    }

    /**
     * Many peers in one line: "100 peers on 2 hosts (load1, load2), 2 addresses; round trip (best of 5) median 0.41 ms,
     * max 1.20 ms (receiver-7); clock offset -0.050 ± 0.200 ms (sender-3) to +0.061 ± 0.150 ms (receiver-9); 20 on the
     * client's clock (same host)".
     */
    static String summarise(List<ProbedHost> hosts) {
        List<String> names = hosts.stream().map(h -> SafeText.of(h.hostName())).distinct().sorted().toList();
        long addresses = hosts.stream().map(ProbedHost::address).filter(a -> !a.isEmpty()).distinct().count();
        List<ProbedHost> answered = hosts.stream().filter(h -> h.clock().roundTripMillis() != null).toList();
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%d peers on %d host(s) (%s), %d data address(es)",
                hosts.size(), names.size(), Console.names(names), addresses));
        if (answered.isEmpty()) {
            return line.append("; none answered PING").toString();
        }
        List<ProbedHost> byTrip = answered.stream().sorted(Comparator.comparing(h -> h.clock().roundTripMillis()))
                .toList();
        ProbedHost slowest = byTrip.get(byTrip.size() - 1);
        line.append(String.format(Locale.ROOT, "; round trip (best of %d) median %.3f ms, max %.3f ms (%s)", PINGS,
                byTrip.get(byTrip.size() / 2).clock().roundTripMillis(), slowest.clock().roundTripMillis(),
                SafeText.of(slowest.peer())));
        List<ProbedHost> byOffset = answered.stream().filter(h -> h.clock().offsetMillis() != null)
                .sorted(Comparator.comparing(h -> h.clock().offsetMillis())).toList();
        if (!byOffset.isEmpty()) {
            ProbedHost lowest = byOffset.get(0);
            ProbedHost highest = byOffset.get(byOffset.size() - 1);
            line.append(String.format(Locale.ROOT, "; clock offset %s (%s) to %s (%s)", offsetText(lowest), SafeText.of(lowest.peer()),
                    offsetText(highest), SafeText.of(highest.peer())));
        }
        Map<String, Long> shared = new TreeMap<>();
        answered.stream().map(h -> h.clock().sameClock()).filter(Objects::nonNull).forEach(how -> shared.merge(how, 1L, Long::sum));
        shared.forEach((how, n) -> line.append(String.format(Locale.ROOT, "; %d on the client's clock (%s)", n, how)));
        return line.toString();
    }

    /**
     * One console line: "sender-1 on host-a (10.0.0.2), data at http://10.0.0.2:4431/, clock +0.012 ± 0.155 ms (round trip
     * 0.310 ms, best of 5)", or "..., same clock as the client: same process (round trip 0.310 ms, best of 5)".
     */
    static String describe(ProbedHost h) {
        String clock;
        if (h.clock().roundTripMillis() == null) {
            clock = "no answer to PING";
        } else {
            ProbedHost.Clock c = h.clock();
            clock = String.format(Locale.ROOT, "%s (round trip %.3f ms, best of %d)", c.sameClock() != null
                    ? ClockSource.describeShared(c.sameClock()) : "clock " + offsetText(h), c.roundTripMillis(), c.pings());
        }
        return String.format(Locale.ROOT, "%s on %s (%s), data at %s, %s", SafeText.of(h.peer()), SafeText.of(h.hostName()),
                h.address().isEmpty() ? "address unknown" : h.address(), h.dataUrl().isEmpty() ? "none" : SafeText.of(h.dataUrl()), clock);
    }

    /** An estimated offset with its uncertainty, as every line shows it: "+1.064 ± 3.110 ms". */
    public static String offsetText(ProbedHost h) {
        return String.format(Locale.ROOT, "%+.3f ± %.3f ms", h.clock().offsetMillis(),
                h.clock().uncertaintyMillis() == null ? 0.0 : h.clock().uncertaintyMillis());
    }

    /**
     * Up to {@link #PINGS} rounds of pings, each round to every peer at once; a peer silent for a whole timeout is not
     * pinged again.
     */
    private static Map<PeerInfo, List<PingResult>> ping(ControlClient client, List<PeerInfo> peers)
            throws TransportException, InterruptedException {
        Map<PeerInfo, List<PingResult>> pings = new LinkedHashMap<>();
        peers.forEach(p -> pings.put(p, new ArrayList<>()));
        List<PeerInfo> answering = peers;
        for (int i = 0; i < PINGS && !answering.isEmpty(); i++) {
            Map<PeerInfo, PingResult> round = client.pingEach(answering, PING_TIMEOUT);
            round.forEach((p, r) -> pings.get(p).add(r));
            answering = List.copyOf(round.keySet());
        }
        return pings;
    }

    /** The URL when it names a host and a port, else null. */
    public static URI httpUrl(String text) {
        try {
            URI u = new URI(text);
            return u.getHost() == null || u.getPort() < 0 ? null : u;
        } catch (URISyntaxException e) {
            return null;
        }
    }

    /** Null when a TCP connection opens within the timeout, else why not. */
    private static String connectProblem(InetSocketAddress to) {
        try (Socket s = new Socket()) {
            s.connect(to, CONNECT_TIMEOUT_MILLIS);
            return null;
        } catch (SocketTimeoutException e) {
            return "no connection within " + CONNECT_TIMEOUT_MILLIS / 1000 + " s (timeout: a firewall, or no such host on the network)";
        } catch (NoRouteToHostException e) {
            return "no route to host";
        } catch (ConnectException e) {
            String why = e.getMessage() == null ? "" : e.getMessage();
            return why.isEmpty() || why.toLowerCase(Locale.ROOT).contains("refused")
                    ? "connection refused (nothing listens there: is the peer's data server on another address or port?)" : why;
        } catch (IOException e) {
            return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        }
    }

    private static double millis(long micros) {
        return micros / 1000.0;
    }
}
