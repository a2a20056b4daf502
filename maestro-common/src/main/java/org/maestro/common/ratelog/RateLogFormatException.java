package org.maestro.common.ratelog;

import java.io.IOException;

/**
 * A rate log that cannot be read: bad magic, unsupported version, a corrupt frame (CRC32 mismatch,
 * undecodable compressed data, implausible header). The message names the file and the byte offset
 * where the problem was found.
 */
public class RateLogFormatException extends IOException {

    private final String source;
    private final long offset;

    /**
     * @param source the file (or other source) being read
     * @param offset the byte offset in that source where the problem starts
     * @param problem what is wrong, e.g. "CRC32 mismatch in frame 3"
     */
    public RateLogFormatException(String source, long offset, String problem) {
        this(source, offset, problem, null);
    }

    /** As {@link #RateLogFormatException(String, long, String)}, with the underlying cause. */
    public RateLogFormatException(String source, long offset, String problem, Throwable cause) {
        super(source + ": " + problem + " at byte offset " + offset, cause);
        this.source = source;
        this.offset = offset;
    }

    /** The file (or other source) that could not be read. */
    public String source() {
        return source;
    }

    /** The byte offset in {@link #source()} where the problem starts. */
    public long offset() {
        return offset;
    }
}
