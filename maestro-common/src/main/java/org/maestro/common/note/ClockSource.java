package org.maestro.common.note;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

import org.maestro.common.util.Clocks;

/**
 * Which wall clock a process reads, as a PING reply tells the client: the kernel it runs on (Linux's boot id, the
 * same for every process and container of one boot of one host) and the process itself (a token drawn once per JVM).
 * Two processes with the same boot id read the same clock, so the client need not estimate the offset between
 * them: a PING can only blur it by half its round trip. An empty boot id is unknown (not Linux, or an older peer
 * that sent none): then the clock is estimated.
 *
 * @param bootId  {@code /proc/sys/kernel/random/boot_id}, "" when unknown
 * @param process a token of the process, equal only within one JVM ("" when unknown)
 */
public record ClockSource(String bootId, String process) {
    /** What the client shows for a peer in its own JVM. */
    public static final String SAME_PROCESS = "same process";
    /** What the client shows for a peer in another process on the client's host (or a container on its kernel). */
    public static final String SAME_HOST = "same host";
    /** Of an older peer, which did not say. */
    public static final ClockSource UNKNOWN = new ClockSource("", "");
    static final Path BOOT_ID = Path.of("/proc/sys/kernel/random/boot_id");

    /** A process whose clock a test shifted ({@link Clocks#OFFSET_PROPERTY}) reads a clock of its own. */
    private static final ClockSource LOCAL = new ClockSource(readBootId(BOOT_ID)
            + (Clocks.offsetMicros() == 0 ? "" : "+shifted " + Clocks.offsetMicros() + " us"),
            ProcessHandle.current().pid() + "-" + Ids.next());

    public ClockSource {
        bootId = Objects.requireNonNullElse(bootId, "");
        process = Objects.requireNonNullElse(process, "");
    }

    /** How a peer on the client's clock is shown: "same clock as the client: same host". */
    public static String describeShared(String sameClock) {
        return "same clock as the client: " + sameClock;
    }

    /** This JVM's clock. */
    public static ClockSource local() {
        return LOCAL;
    }

    /**
     * Whether {@code other} reads this clock: {@link #SAME_PROCESS}, {@link #SAME_HOST}, or null when it cannot be
     * told (different or unknown boot ids): then the offset has to be estimated.
     */
    public String sharedWith(ClockSource other) {
        if (!process.isEmpty() && process.equals(other.process)) {
            return SAME_PROCESS;
        }
        return !bootId.isEmpty() && bootId.equals(other.bootId) ? SAME_HOST : null;
    }

    /** The boot id in {@code file}, "" when there is none (not Linux) or it cannot be read. */
    static String readBootId(Path file) {
        try {
            return Files.readString(file, StandardCharsets.US_ASCII).trim();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
