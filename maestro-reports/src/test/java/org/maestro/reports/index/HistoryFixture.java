package org.maestro.reports.index;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.maestro.reports.Json;
import org.maestro.reports.SyntheticRun;
import org.maestro.results.BuildTags;

/**
 * A history of {@link #NIGHTS} nightly runs written with the real writers ({@link SyntheticRun}), each recorded as a
 * build (401, 402, …): {@link #STEADY} nights at 400 msg/s, then the SUT slowed to 200 msg/s from build
 * {@link #FIRST_SLOW_BUILD} on. The receive rates carry a fixed noise of up to 1 %, as identical runs do.
 */
final class HistoryFixture {
    static final int NIGHTS = 12;
    static final int STEADY = 7;
    static final int FIRST_BUILD = 401;
    static final int FIRST_SLOW_BUILD = FIRST_BUILD + STEADY;
    static final String TEST = "nightly";
    private static final long T0 = 1_795_000_000_000_000L;
    private static final long DAY = 86_400_000_000L;

    private HistoryFixture() {
    }

    /** The nights' run directories in {@code dir}, the first night first. */
    static List<Path> nights(Path dir) {
        List<Path> nights = new ArrayList<>();
        for (int night = 0; night < NIGHTS; night++) {
            nights.add(dir.resolve(String.format("202611%02d-020000-%s", night + 1, TEST)));
        }
        return nights;
    }

    /** Writes the runs under {@code dir} and returns it. */
    static Path write(Path dir) throws Exception {
        return write(dir, NIGHTS);
    }

    /** Writes the first {@code nights} of the runs under {@code dir} (no slow one when at most {@link #STEADY}). */
    static Path write(Path dir, int nights) throws Exception {
        for (int night = 0; night < nights; night++) {
            Path run = Files.createDirectories(nights(dir).get(night));
            int rate = night < STEADY ? 400 : 200;
            new SyntheticRun(run, T0 + night * DAY, 4, rate, 1).named(TEST).seed(night + 1).write();
            ObjectNode s = (ObjectNode) Json.MAPPER.readTree(run.resolve("summary.json").toFile());
            s.putObject("build").put(BuildTags.BUILD, Integer.toString(FIRST_BUILD + night));
            ObjectNode totals = (ObjectNode) s.path("totals");
            totals.put("receiveRate", rate * (1 + 0.01 * Math.sin(night)));
            Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(run.resolve("summary.json").toFile(), s);
        }
        return dir;
    }
}
