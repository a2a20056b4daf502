package org.maestro.common.util;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * At most {@code perWindow} log lines per window for an event that anyone on the control broker can cause at will
 * (an undecodable note): a flood of hostile notes must not flood the log. What it holds back it counts, and the next
 * line let through says how many were not logged.
 */
public final class LogBudget {
    private final int perWindow;
    private final long windowNanos;
    private final LongSupplier nanoTime;
    private long windowStart;
    private int used;
    private long heldBack;

    /** The budget of undecodable notes in a peer's or the client's log: 20 lines per 10 s. */
    public static LogBudget forUndecodableNotes() {
        return new LogBudget(20, Duration.ofSeconds(10));
    }

    public LogBudget(int perWindow, Duration window) {
        this(perWindow, window, System::nanoTime);
    }

    LogBudget(int perWindow, Duration window, LongSupplier nanoTime) {
        this.perWindow = perWindow;
        this.windowNanos = window.toNanos();
        this.nanoTime = nanoTime;
        this.windowStart = nanoTime.getAsLong();
    }

    /**
     * Asks to log one line: -1 when it must not be logged (the window's budget is spent), otherwise how many lines
     * were held back since the last one logged (0 mostly).
     */
    public synchronized long take() {
        long now = nanoTime.getAsLong();
        if (now - windowStart >= windowNanos) {
            windowStart = now;
            used = 0;
        }
        if (used >= perWindow) {
            heldBack++;
            return -1;
        }
        used++;
        long held = heldBack;
        heldBack = 0;
        return held;
    }

    /** " (N more not logged)" for a line that follows held-back ones, else "". */
    public static String heldBackText(long held) {
        return held > 0 ? " (" + held + " more not logged)" : "";
    }
}
