package org.maestro.common.ratelog;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Compares the rate log with the obvious alternatives on the same data, in one run: bytes per message
 * and write throughput (records per second, file I/O included) of the rate log, a plain binary file
 * of two longs per message, and CSV text. Every writer is flushed once per second of test time, as a
 * peer does. Run by {@code bench/ratelog-size.sh}; arguments: {@code [MESSAGES [DIR]]}.
 */
public final class RateLogBench {

    private static final int RUNS = 3;

    private RateLogBench() {
    }

    /** A way of writing (eta, ata) records to a file. */
    private interface Format {
        String name();

        void write(Path file, long[] eta, long[] ata) throws IOException;
    }

    public static void main(String[] args) throws IOException {
        int messages = args.length > 0 ? Integer.parseInt(args[0]) : 3_000_000;
        Path dir = args.length > 1 ? Path.of(args[1]) : Files.createTempDirectory("ratelog-bench");
        Files.createDirectories(dir);
        Format[] formats = {rateLog(), binary(), csv()};
        try {
            scenario("fixed rate 10,000 msg/s, realistic jitter and stalls", new TimingModel(10_000, 1), messages, formats, dir);
            scenario("flat out (eta == ata, 1-8 us apart)", new TimingModel(0, 1), messages, formats, dir);
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private static void scenario(String title, TimingModel model, int messages, Format[] formats, Path dir)
            throws IOException {
        long[] eta = new long[messages];
        long[] ata = new long[messages];
        for (int i = 0; i < messages; i++) {
            model.next();
            eta[i] = model.etaMicros;
            ata[i] = model.ataMicros;
        }
        System.out.printf(Locale.ROOT, "%n%s: %,d messages over %.1f s of test time, flushed every second%n",
                title, messages, eta[messages - 1] / 1e6);
        System.out.printf(Locale.ROOT, "%-16s %10s %9s %14s %9s   (x: relative to the rate log)%n",
                "format", "bytes/msg", "size x", "records/s", "speed x");
        double baseBytes = 0;
        double baseRate = 0;
        for (Format format : formats) {
            Path file = dir.resolve(format.name().replaceAll("\\W+", "-"));
            format.write(file, eta, ata); // warm-up
            long bestNanos = Long.MAX_VALUE;
            for (int run = 0; run < RUNS; run++) {
                long start = System.nanoTime();
                format.write(file, eta, ata);
                bestNanos = Math.min(bestNanos, System.nanoTime() - start);
            }
            double bytes = (double) Files.size(file) / messages;
            double rate = messages / (bestNanos / 1e9);
            if (baseBytes == 0) {
                baseBytes = bytes;
                baseRate = rate;
            }
            System.out.printf(Locale.ROOT, "%-16s %10.3f %9.1f %,14.0f %9.2f%n", format.name(), bytes, bytes / baseBytes,
                    rate, rate / baseRate);
            Files.delete(file);
        }
    }

    /** Calls {@code flush} whenever eta crosses into a new second of test time. */
    private static boolean secondElapsed(long etaMicros, long[] nextFlushMicros) {
        if (etaMicros < nextFlushMicros[0]) {
            return false;
        }
        nextFlushMicros[0] = etaMicros + 1_000_000;
        return true;
    }

    private static Format rateLog() {
        return new Format() {
            public String name() {
                return "rate log";
            }

            public void write(Path file, long[] eta, long[] ata) throws IOException {
                long[] nextFlush = {1_000_000};
                try (RateLogWriter writer = RateLogWriter.create(file, 0, "bench")) {
                    for (int i = 0; i < eta.length; i++) {
                        writer.record(eta[i], ata[i]);
                        if (secondElapsed(eta[i], nextFlush)) {
                            writer.flush();
                        }
                    }
                }
            }
        };
    }

    private static Format binary() {
        return new Format() {
            public String name() {
                return "binary 2 longs";
            }

            public void write(Path file, long[] eta, long[] ata) throws IOException {
                long[] nextFlush = {1_000_000};
                try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 64 * 1024))) {
                    for (int i = 0; i < eta.length; i++) {
                        out.writeLong(eta[i]);
                        out.writeLong(ata[i]);
                        if (secondElapsed(eta[i], nextFlush)) {
                            out.flush();
                        }
                    }
                }
            }
        };
    }

    private static Format csv() {
        return new Format() {
            public String name() {
                return "CSV text";
            }

            public void write(Path file, long[] eta, long[] ata) throws IOException {
                long[] nextFlush = {1_000_000};
                try (Writer out = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.US_ASCII), 64 * 1024)) {
                    out.write(RateLogCsv.HEADER);
                    out.write('\n');
                    for (int i = 0; i < eta.length; i++) {
                        out.write(Long.toString(eta[i]));
                        out.write(',');
                        out.write(Long.toString(ata[i]));
                        out.write('\n');
                        if (secondElapsed(eta[i], nextFlush)) {
                            out.flush();
                        }
                    }
                }
            }
        };
    }
}
