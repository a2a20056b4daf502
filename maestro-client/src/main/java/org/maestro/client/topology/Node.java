package org.maestro.client.topology;

import org.maestro.common.util.EnumLookup;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** A node of a {@link Topology}: a router Maestro configures, or a broker the routers reach. */
public sealed interface Node permits Node.Router, Node.Broker {
    /** A name is a router id, a directory name and a DOT id at once: letters, digits, '.', '_' and '-'. */
    Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,62}");
    /** Where a node is when its description does not say. */
    String LOOPBACK = "127.0.0.1";

    String name();

    /** The host its listeners bind to and others connect to. */
    String host();

    /**
     * A router: one configuration file of its own ({@code qdrouterd.conf}, {@code skrouterd.conf}).
     *
     * @param routerAttributes more attributes of its {@code router} section (e.g. {@code workerThreads}), as given
     * @param mode             interior (routes among other interiors) or edge (attached to one or two interiors)
     */
    record Router(String name, String host, Map<String, String> routerAttributes, Mode mode) implements Node {
        public Router {
            routerAttributes = Map.copyOf(routerAttributes);
        }

        public Router(String name, String host, Map<String, String> routerAttributes) {
            this(name, host, routerAttributes, Mode.INTERIOR);
        }

        public Router(String name) {
            this(name, LOOPBACK, Map.of());
        }

        public Router(String name, Mode mode) {
            this(name, LOOPBACK, Map.of(), mode);
        }

        public boolean edge() {
            return mode == Mode.EDGE;
        }
    }

    /**
     * A router's mode, its {@code router} section's {@code mode}: both kinds have both. An interior router routes with
     * the other interiors it links to (inter-router connections); an edge router opens an edge connection to one
     * interior (a second one is its standby) and routes everything it cannot deliver itself through it.
     */
    enum Mode {
        INTERIOR("interior"),
        EDGE("edge");

        private final String word;

        Mode(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }

        public static Mode parse(String text) {
            Mode m = EnumLookup.byWord(values(), Mode::word, text);
            if (m != null) {
                return m;
            }
            throw new IllegalArgumentException("mode '" + text + "' is not a router mode (interior or edge)");
        }
    }

    /**
     * A broker the routers beside it send its addresses to; Maestro does not configure it.
     *
     * @param addresses the address prefixes (queues) the routers route to it
     * @param attach    how a router reaches those addresses on it
     */
    record Broker(String name, String host, int port, List<String> addresses, Attach attach) implements Node {
        public Broker {
            addresses = List.copyOf(addresses);
        }
    }

    /** How a router hands a broker's addresses to it. */
    enum Attach {
        /** {@code linkRoute}: a client's link is extended to the broker; the broker settles, as if attached to it. */
        LINK_ROUTE("linkRoute"),
        /** {@code autoLink}s and a waypoint address: the router itself keeps a link in and out of the broker's queue. */
        WAYPOINT("waypoint");

        private final String word;

        Attach(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }

        public static Attach parse(String text) {
            Attach a = EnumLookup.byWord(values(), Attach::word, text);
            if (a != null) {
                return a;
            }
            throw new IllegalArgumentException("'" + text + "' is not a way to attach a broker (linkRoute or waypoint)");
        }
    }
}
