package org.maestro.common.note;

import java.util.UUID;

/** Fresh ids for notes and peers: random, short enough to read in a log. */
public final class Ids {
    private Ids() {
    }

    /** A random 16-hex-digit id. */
    public static String next() {
        UUID u = UUID.randomUUID();
        return Long.toHexString(u.getMostSignificantBits() ^ u.getLeastSignificantBits());
    }
}
