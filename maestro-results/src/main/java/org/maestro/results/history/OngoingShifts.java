package org.maestro.results.history;

import java.util.ArrayList;
import java.util.List;

import org.maestro.results.ComparisonJson;

/**
 * The shifts a run continues: for each series of its test's history whose latest run is this run, the series' latest
 * change point when it came before this run and this run's value lies nearer the mean after it than the mean before. A
 * nightly then says "response time p99 +18 % since build 412 (3 runs ago)" instead of only comparing tonight with
 * baselines that already moved.
 */
public final class OngoingShifts {
    private OngoingShifts() {
    }

    /** The shifts {@code run} (a directory name) continues in {@code test}; none when it is not the test's latest run. */
    public static List<ComparisonJson.Step> of(History.TestHistory test, String run) {
        List<History.Run> runs = test.runs();
        if (runs.isEmpty() || !runs.get(runs.size() - 1).run().equals(run)) {
            return List.of();
        }
        List<ComparisonJson.Step> out = new ArrayList<>();
        for (History.Series s : test.series()) {
            if (s.changePoints().isEmpty()) {
                continue;
            }
            History.ChangePoint c = s.changePoints().get(s.changePoints().size() - 1);
            Double tonight = s.values().get(runs.size() - 1);
            if (c.runsAgo() < 1 || tonight == null || Math.abs(tonight - c.after()) >= Math.abs(tonight - c.before())) {
                continue;
            }
            String text = s.label() + (c.changePercent() == null ? " changed" : " " + HistoryTable.signed(c.changePercent()) + " %")
                    + " since " + c.label() + " (" + c.runsAgo() + (c.runsAgo() == 1 ? " run" : " runs") + " ago), confidence "
                    + HistoryTable.confidence(c.confidence());
            out.add(new ComparisonJson.Step(s.label(), c.label(), c.run(), c.runsAgo(), c.changePercent(), c.confidence(), text));
        }
        return out;
    }
}
