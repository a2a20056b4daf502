package org.maestro.client.topology;

/**
 * A connection between two nodes. Between routers it is an inter-router connection whose {@code cost} steers the
 * routers' choice of path (the lowest total wins); to a broker it is the router's connector to it (cost unused).
 * {@code from} opens the connection to {@code to}'s listener.
 */
public record Link(String from, String to, int cost) {
    /** The cost of a link whose description gives none: qdrouterd's own default and minimum. */
    public static final int DEFAULT_COST = 1;

    public Link {
        if (cost < DEFAULT_COST) {
            throw new IllegalArgumentException("link " + from + " - " + to + ": cost " + cost + " is below the least, "
                    + DEFAULT_COST);
        }
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
