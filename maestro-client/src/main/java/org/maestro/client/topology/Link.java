package org.maestro.client.topology;

import org.maestro.common.util.EnumLookup;

import java.util.List;

/**
 * A connection between two nodes. Between routers it is an inter-router connection whose {@code cost} steers the
 * routers' choice of path (the lowest total wins), or an edge router's connection to its interior; to a broker it is the
 * router's connector to it (cost unused), whose {@code direction} says which way the router moves the broker's
 * addresses. {@code from} opens the connection to {@code to}'s listener (an edge router always opens it).
 */
public record Link(String from, String to, int cost, Direction direction) {
    /** The cost of a link whose description gives none: the routers' own default and minimum. */
    public static final int DEFAULT_COST = 1;

    /**
     * Which way a router moves a broker's addresses (its auto-links' or link routes' {@code direction}): {@code out} to
     * the broker (the senders' side), {@code in} from it (the receivers' side), or both.
     */
    public enum Direction {
        BOTH("both", List.of("in", "out")),
        IN("in", List.of("in")),
        OUT("out", List.of("out"));

        private final String word;
        private final List<String> routerDirections;

        Direction(String word, List<String> routerDirections) {
            this.word = word;
            this.routerDirections = routerDirections;
        }

        public String word() {
            return word;
        }

        /** The {@code direction} values of the router's auto-links or link routes. */
        public List<String> routerDirections() {
            return routerDirections;
        }

        public static Direction parse(String text) {
            Direction d = EnumLookup.byWord(values(), Direction::word, text);
            if (d != null) {
                return d;
            }
            throw new IllegalArgumentException("direction '" + text + "' is not a way to a broker (in, out or both)");
        }
    }

    public Link {
        if (cost < DEFAULT_COST) {
            throw new IllegalArgumentException("link " + from + " - " + to + ": cost " + cost + " is below the least, "
                    + DEFAULT_COST);
        }
    }

    public Link(String from, String to, int cost) {
        this(from, to, cost, Direction.BOTH);
    }

    public Link(String from, String to) {
        this(from, to, DEFAULT_COST);
    }

    public boolean touches(String node) {
        return from.equals(node) || to.equals(node);
    }

    /** The node at the other end from {@code node}. */
    public String other(String node) {
        return from.equals(node) ? to : from;
    }
}
