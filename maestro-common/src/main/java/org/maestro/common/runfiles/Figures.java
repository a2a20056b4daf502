package org.maestro.common.runfiles;

/**
 * The labels of the figures a peer states itself and the results model (maestro-reports' results package) computes
 * from its files: one label each, used by the worker's end line, the console, summary.json's readers and the report.
 */
public final class Figures {
    /**
     * A sender's or receiver's rate after its warm-up: the messages due at or after its warm-up boundary over the
     * span from that boundary to its last message sent (received). A sender's boundary is the end of its own warm-up;
     * a receiver's, the earliest end of the warm-up of the senders of its route, its span measured on its own clock
     * (that end moved by the two peers' clock offsets).
     */
    public static final String RATE_AFTER_WARMUP = "msg/s after warm-up";

    private Figures() {
    }
}
