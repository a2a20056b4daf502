package org.maestro.common.ratelog;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Exports a rate log as CSV: a header line {@code eta,ata} then one line per message, both in
 * microseconds from the test start. Streams: memory does not grow with the size of the log.
 *
 * <p>Command line: {@code RateLogCsv FILE [OUT.csv]} writes to OUT.csv, or to standard output when no
 * OUT is given. Exit status 0 on success (a truncated tail is a warning on standard error), 1 when the
 * log cannot be read, 2 on a usage error.
 */
public final class RateLogCsv {

    /** The first line of every export. */
    public static final String HEADER = "eta,ata";

    private RateLogCsv() {
    }

    /**
     * Writes the remaining records of {@code reader} to {@code out} as CSV, header first. Does not
     * close either; flushes {@code out}.
     *
     * @return the number of records written
     * @throws RateLogFormatException if the log is corrupt (the records before the corruption are written)
     */
    public static long export(RateLogReader reader, Writer out) throws IOException {
        out.write(HEADER);
        out.write('\n');
        long count = reader.forEachRemaining((eta, ata) -> {
            out.write(Long.toString(eta));
            out.write(',');
            out.write(Long.toString(ata));
            out.write('\n');
        });
        out.flush();
        return count;
    }

    /**
     * Exports the rate log {@code in} to the CSV file {@code out} (created or truncated).
     *
     * @return how many records were exported and how the log ended
     * @throws RateLogFormatException if the log is corrupt
     */
    public static Result export(Path in, Path out) throws IOException {
        try (RateLogReader reader = RateLogReader.open(in);
             Writer writer = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            long count = export(reader, writer);
            return new Result(count, reader.truncatedTail(), reader.truncatedTailOffset(), reader.closedCleanly());
        }
    }

    /**
     * What an export found.
     *
     * @param records             records exported
     * @param truncatedTail       whether the log ended inside a frame (the writer died mid-write)
     * @param truncatedTailOffset where that incomplete frame starts, or -1
     * @param closedCleanly       whether the log ends with the writer's end marker
     */
    public record Result(long records, boolean truncatedTail, long truncatedTailOffset, boolean closedCleanly) {
    }

    /** {@code RateLogCsv FILE [OUT.csv]}; see the class documentation. */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream stdout, PrintStream stderr) {
        if (args.length < 1 || args.length > 2 || args[0].startsWith("-")) {
            stderr.println("usage: RateLogCsv FILE [OUT.csv]   (exports a Maestro rate log as CSV eta,ata in microseconds;"
                    + " to standard output when OUT.csv is not given)");
            return 2;
        }
        Path in = Path.of(args[0]);
        try (RateLogReader reader = RateLogReader.open(in)) {
            long count;
            if (args.length == 2) {
                try (Writer writer = Files.newBufferedWriter(Path.of(args[1]), StandardCharsets.UTF_8)) {
                    count = export(reader, writer);
                }
            } else {
                Writer writer = new BufferedWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8), 64 * 1024);
                count = export(reader, writer);
            }
            if (reader.truncatedTail()) {
                stderr.println("warning: " + in + " ends with an incomplete frame at byte offset " + reader.truncatedTailOffset()
                        + " (its writer stopped mid-write); exported the " + count + " records of the complete frames before it");
            } else if (!reader.closedCleanly()) {
                stderr.println("warning: " + in + " has no end marker (its writer was not closed); exported " + count + " records");
            }
            return 0;
        } catch (NoSuchFileException e) {
            stderr.println("error: no such file: " + e.getFile());
            return 1;
        } catch (IOException e) {
            stderr.println("error: " + e.getMessage());
            return 1;
        }
    }
}
