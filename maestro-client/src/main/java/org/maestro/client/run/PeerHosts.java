package org.maestro.client.run;

import org.maestro.common.client.ControlClient;
import org.maestro.common.client.PingResult;
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
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Before the test, for each of its peers: where it runs (host name, the data URL it advertises and the address
 * that resolves to), how its clock compares with the client's (best of {@link #PINGS} PINGs), and whether the
 * client can reach its data server at all. A data server the client cannot connect to stops the test before it
 * starts, naming the peer, the URL and why, instead of a failed collection after a long run.
 */
final class PeerHosts {
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
    record Probe(List<Summary.PeerHost> hosts, List<String> unreachable) {
        /** @throws TestCannotRun naming every unreachable data server */
        void requireReachable() throws TestCannotRun {
            if (!unreachable.isEmpty()) {
                throw new TestCannotRun(String.join("; ", unreachable));
            }
        }
    }

    /** Probes every peer and prints a line for each. */
    static Probe probe(ControlClient client, List<PeerInfo> peers, Console console)
            throws TransportException, InterruptedException {
        List<Summary.PeerHost> hosts = new ArrayList<>();
        List<String> unreachable = new ArrayList<>();
        for (PeerInfo p : peers) {
            List<PingResult> pings = ping(client, p);
            String url = new RemotePeer(client, p).dataUrl(DATA_URL_TIMEOUT);
            String dataHost = "";
            String address = "";
            if (url == null) {
                unreachable.add(p.describe() + " did not say where its data server is (no answer to GET data.url in "
                        + DATA_URL_TIMEOUT.toSeconds() + " s)");
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
                    unreachable.add("the client cannot reach the data server of " + p.describe() + " at " + SafeText.of(url) + ": " + problem
                            + " (set the address it advertises with --data-address or MAESTRO_DATA_ADDRESS)");
                }
            }
            Optional<PingResult> best = PingResult.best(pings);
            Summary.PeerHost host = new Summary.PeerHost(p.name(), p.role().wireName(), p.host(), address, url == null ? "" : url,
                    dataHost, best.map(b -> millis(b.clockOffsetMicros())).orElse(null),
                    best.map(b -> millis(b.roundTripMicros())).orElse(null), pings.size());
            hosts.add(host);
            console.line("  %s", describe(host));
        }
        return new Probe(hosts, unreachable);
    }

    /** One console line: "sender-1 on host-a (10.0.0.2), data at http://10.0.0.2:4431/, clock +0.012 ms, round trip 0.310 ms". */
    static String describe(Summary.PeerHost h) {
        return String.format(Locale.ROOT, "%s on %s (%s), data at %s, %s", SafeText.of(h.peer()), SafeText.of(h.hostName()),
                h.address().isEmpty() ? "address unknown" : h.address(), h.dataUrl().isEmpty() ? "none" : SafeText.of(h.dataUrl()),
                h.clockOffsetMillis() == null ? "no answer to PING"
                        : String.format(Locale.ROOT, "clock %+.3f ms, round trip %.3f ms (best of %d)", h.clockOffsetMillis(),
                        h.roundTripMillis(), h.pings()));
    }

    /** Up to {@link #PINGS} pings, one at a time; a peer silent for a whole timeout is not pinged again. */
    private static List<PingResult> ping(ControlClient client, PeerInfo peer) throws TransportException, InterruptedException {
        List<PingResult> pings = new ArrayList<>();
        for (int i = 0; i < PINGS; i++) {
            PingResult r = client.ping(peer, PING_TIMEOUT);
            if (r == null) {
                break;
            }
            pings.add(r);
        }
        return pings;
    }

    /** The URL when it names a host and a port, else null. */
    static URI httpUrl(String text) {
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
