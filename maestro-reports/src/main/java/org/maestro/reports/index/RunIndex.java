package org.maestro.reports.index;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.results.ComparisonJson;
import org.maestro.results.history.History;
import org.maestro.results.history.HistoryScan;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.maestro.reports.HtmlPage;
import org.maestro.reports.Json;
import org.maestro.reports.page.ReportBuilder;
import org.maestro.reports.page.ReportData;
import org.maestro.reports.ReportException;

/**
 * The index of a runs directory ({@code index.html}): every run directory directly under it (summary.json
 * or incremental.json; anything else, symbolic links included, is skipped), newest first, with its verdict, key figures, comparison
 * with its baseline and links to its report and files, plus trend charts and each test's history with its change
 * points ({@link HistoryCharts}). Self-contained like report.html
 * (same template and script, data inline), with relative links, so it works from file:// and over HTTP.
 */
public final class RunIndex {
    public static final String FILE = "index.html";
    private static final Logger LOG = LoggerFactory.getLogger(RunIndex.class);
    /** The files whose change changes a row: what {@link #fingerprint} looks at in each directory. */
    private static final List<String> ROW_FILES = List.of(RunLayout.SUMMARY_JSON, RunLayout.INCREMENTAL_JSON, ComparisonJson.FILE,
            IndexRow.COMPARISON_PAGE, ReportBuilder.REPORT_FILE);
    /** Newest first; runs with no known start last; ties by directory name, newest name first. */
    private static final Comparator<ObjectNode> NEWEST_FIRST = Comparator
            .<ObjectNode>comparingLong(r -> r.path("startMillis").asLong(Long.MIN_VALUE)).reversed()
            .thenComparing(r -> r.path("dir").asText(), Comparator.reverseOrder());

    private RunIndex() {
    }

    /** Writes {@code runsDir/index.html} (atomically) and returns its path. */
    public static Path build(Path runsDir) throws ReportException {
        Path index = runsDir.resolve(FILE);
        ObjectNode data = data(runsDir);
        HtmlPage.write(index, title(runsDir), data);
        LOG.debug("index of {}: {} runs", runsDir, data.path("index").path("runs").size());
        return index;
    }

    /** The index page of {@code runsDir}, without writing it (what {@code maestro serve} sends). */
    public static String render(Path runsDir) throws ReportException {
        ObjectNode data = data(runsDir);
        try {
            return HtmlPage.render(title(runsDir), data);
        } catch (IOException e) {
            throw new ReportException("cannot render the index of " + runsDir + ": " + e.getMessage(), e);
        }
    }

    /**
     * A cheap summary of what the index shows: each directory's name and the size and modification time of
     * the files its row is read from. Equal fingerprints, equal pages (but for the generation time), so a
     * server can keep the page until the fingerprint changes instead of reading every summary per request.
     */
    public static String fingerprint(Path runsDir) throws ReportException {
        StringBuilder out = new StringBuilder();
        for (Path dir : directories(runsDir)) {
            out.append(dir.getFileName()).append('/');
            for (String file : ROW_FILES) {
                try {
                    BasicFileAttributes a = Files.readAttributes(dir.resolve(file), BasicFileAttributes.class);
                    out.append(a.size()).append('@').append(a.lastModifiedTime().toMillis());
                } catch (NoSuchFileException e) {
                    out.append('-');
                } catch (IOException e) {
                    out.append('?');
                }
                out.append(',');
            }
            out.append('\n');
        }
        return out.toString();
    }

    /** The page's data: {"index": {directory, generated, runs: [rows]}, "charts": [trends]}. */
    static ObjectNode data(Path runsDir) throws ReportException {
        List<ObjectNode> rows = new ArrayList<>();
        for (Path dir : directories(runsDir)) {
            IndexRow.read(dir).ifPresent(rows::add);
        }
        rows.sort(NEWEST_FIRST);
        ObjectNode data = Json.MAPPER.createObjectNode();
        ObjectNode index = data.putObject("index");
        index.put("directory", name(runsDir));
        index.put("generated", Instant.now().toString());
        index.putArray("runs").addAll(rows);
        data.put("chartsHeading", "Trends");
        ArrayNode charts = TrendCharts.of(rows);
        HistoryCharts.addTo(charts, history(runsDir));
        data.set("charts", charts);
        ReportData.dropEmptyCharts(data);
        return data;
    }

    /** The history of every test in {@code runsDir}, as {@code maestro history} finds it; empty when no run measured anything. */
    private static History history(Path runsDir) throws ReportException {
        try {
            return HistoryScan.of(runsDir, null);
        } catch (IllegalArgumentException e) {
            return new History(runsDir.toString(), History.METHOD, List.of(), List.of(e.getMessage()));
        } catch (IOException e) {
            throw new ReportException("cannot read the history of " + runsDir + ": " + e.getMessage(), e);
        }
    }

    private static List<Path> directories(Path runsDir) throws ReportException {
        if (!Files.isDirectory(runsDir)) {
            throw new ReportException("runs directory " + runsDir + " does not exist or is not a directory");
        }
        try (Stream<Path> list = Files.list(runsDir)) {
            // Not through symbolic links: a "latest" link would list a run twice, and one leading out of the
            // directory could not be followed by maestro serve anyway.
            return list.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)).sorted().toList();
        } catch (IOException e) {
            throw new ReportException("cannot list runs directory " + runsDir + ": " + e.getMessage(), e);
        }
    }

    private static String title(Path runsDir) {
        return "Maestro runs: " + name(runsDir);
    }

    private static String name(Path runsDir) {
        Path absolute = runsDir.toAbsolutePath().normalize();
        return absolute.getFileName() == null ? absolute.toString() : absolute.getFileName().toString();
    }
}
