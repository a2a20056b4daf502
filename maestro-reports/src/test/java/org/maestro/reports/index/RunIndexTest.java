package org.maestro.reports.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import org.maestro.reports.page.ReportData;
import org.maestro.reports.ReportException;
import org.maestro.reports.ReportHtml;
import org.maestro.reports.page.ReportMain;
import org.maestro.reports.RunsFixture;
import org.maestro.reports.Json;
import org.maestro.reports.SyntheticRun;
import org.maestro.reports.compare.Comparison;
import org.maestro.results.BuildTags;
import org.maestro.results.ComparisonJson;

/** index.html of a runs directory: the runs listed, in order, with the figures their summary.json holds. */
class RunIndexTest {
    @TempDir
    Path tmp;

    private RunsFixture runs;

    @BeforeEach
    void writeRuns() throws Exception {
        runs = RunsFixture.write(tmp.resolve("runs"));
    }

    @Test
    void listsEveryRunNewestFirstAndSkipsWhatIsNotARun() throws Exception {
        List<String> listed = new ArrayList<>();
        rows().forEach(r -> listed.add(r.path("dir").asText()));
        assertEquals(RunsFixture.LISTED_IN_ORDER, listed, "the runs, newest first; the scratch directory, files and steps not listed");
    }

    @Test
    void figuresAreThoseOfEachSummary() throws Exception {
        Map<String, JsonNode> byDir = byDir();
        for (String dir : List.of(RunsFixture.NEWEST, RunsFixture.FAILED, RunsFixture.ERROR, RunsFixture.PROBE, RunsFixture.OLDEST)) {
            JsonNode row = byDir.get(dir);
            JsonNode s = runs.summary(dir);
            JsonNode t = s.path("totals");
            assertEquals(s.path("name").asText(), row.path("name").asText(), dir);
            assertEquals(s.path("verdict").asText(), row.path("verdict").asText(), dir);
            assertEquals(s.path("tags"), row.path("tags"), dir);
            assertEquals(s.path("start").asText(), row.path("start").asText(), dir);
            assertEquals(t.path("sent").asLong(), row.path("sent").asLong(), dir);
            assertEquals(t.path("received").asLong(), row.path("received").asLong(), dir);
            assertEquals(t.path("lost").asLong(), row.path("lost").asLong(), dir);
            assertEquals(t.path("receiveRate").asDouble(), row.path("receiveRate").asDouble(), dir);
            assertEquals(t.path("responseTime").path("p99").asDouble(), row.path("p99").asDouble(), dir);
            assertEquals(t.path("responseTime").path("max").asDouble(), row.path("max").asDouble(), dir);
            assertEquals("", row.path("note").asText(), dir);
        }
        JsonNode newest = byDir.get(RunsFixture.NEWEST);
        assertEquals(900, newest.path("sent").asLong());
        assertEquals(3.125, newest.path("p99").asDouble());
        assertEquals(30.5, newest.path("max").asDouble());
    }

    @Test
    void aRunWithABuildIsNamedByItAndOneWithoutHasNone() throws Exception {
        Path newest = runs.dir.resolve(RunsFixture.NEWEST);
        ObjectNode s = (ObjectNode) runs.summary(RunsFixture.NEWEST);
        s.putObject("build").put("build", "412").put("commit", "3f2a9c1").put(BuildTags.SUT, "ActiveMQ Artemis 2.44.0");
        Json.MAPPER.writeValue(newest.resolve("summary.json").toFile(), s);

        assertEquals("412", IndexRow.read(newest).orElseThrow().path("build").asText());
        assertEquals("ActiveMQ Artemis 2.44.0", IndexRow.read(newest).orElseThrow().path(BuildTags.SUT).asText(),
                "the SUT the run tested, as its summary names it");
        assertTrue(IndexRow.read(runs.dir.resolve(RunsFixture.OLDEST)).orElseThrow().path("build").isMissingNode(),
                "a run that names no build gets no build in its row");
    }

    @Test
    void linksAreRelativeAndLeadToTheFiles() throws Exception {
        Map<String, JsonNode> byDir = byDir();
        JsonNode newest = byDir.get(RunsFixture.NEWEST);
        assertEquals(RunsFixture.NEWEST + "/report.html", newest.path("report").asText());
        assertEquals(RunsFixture.NEWEST + "/", newest.path("href").asText());
        assertEquals("", byDir.get(RunsFixture.OLDEST).path("report").asText(), "no report.html, no link");
        assertEquals("20261114-020000-latency%20probe/report.html", byDir.get(RunsFixture.PROBE).path("report").asText(),
                "a space in a directory name is percent-encoded");
        for (JsonNode row : rows()) {
            for (String link : List.of(row.path("report").asText(), row.path("href").asText(),
                    row.path("comparison").path("href").asText())) {
                if (!link.isEmpty()) {
                    assertFalse(link.startsWith("/") || link.contains(":"), "relative: " + link);
                    assertTrue(Files.exists(runs.dir.resolve(URLDecoder.decode(link, StandardCharsets.UTF_8))), link);
                }
            }
        }
    }

    @Test
    void aComparisonWithItsBaselineIsShownAndLinked() throws Exception {
        Map<String, JsonNode> byDir = byDir();
        JsonNode c = byDir.get(RunsFixture.FAILED).path("comparison");
        assertEquals("worse", c.path("verdict").asText());
        assertEquals(RunsFixture.OLDEST, c.path("baseline").asText());
        assertEquals(RunsFixture.FAILED + "/comparison.html", c.path("href").asText());
        assertTrue(byDir.get(RunsFixture.NEWEST).path("comparison").isMissingNode(), "no comparison.json, no comparison");
    }

    /** Issue 35: a compared run's row carries its comparison's smallest detectable changes, as comparison.json has them. */
    @Test
    void aComparedRunsRowHasTheSmallestDetectableChangesItsComparisonComputed() throws Exception {
        long t0 = 1_795_000_000_000_000L;
        List<Path> bases = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Path dir = Files.createDirectories(tmp.resolve("mde").resolve("20261122-0" + i + "0000-synthetic"));
            bases.add(new SyntheticRun(dir, t0 + i * 3_600_000_000L, 12, 300, 2).seed(i + 1).write().dir);
        }
        Path tonight = Files.createDirectories(tmp.resolve("mde").resolve("20261122-040000-synthetic"));
        new SyntheticRun(tonight, t0 + 4 * 3_600_000_000L, 12, 300, 2).seed(7).write();
        Comparison.of(bases, tonight, null).write();
        List<ComparisonJson.Detectable> computed = ComparisonJson.read(tonight.resolve(ComparisonJson.FILE)).detectable();
        assertFalse(computed.isEmpty(), "the comparison found the headline metrics' noise");
        JsonNode shown = IndexRow.read(tonight).orElseThrow().path("comparison").path("detectable");
        assertEquals(computed.size(), shown.size(), shown.toString());
        for (int i = 0; i < computed.size(); i++) {
            ComparisonJson.Detectable d = computed.get(i);
            assertEquals(d.metric(), shown.get(i).path("metric").asText());
            assertEquals(d.worse(), shown.get(i).path("worse").asText());
            assertEquals(d.percent(), shown.get(i).path("percent").asDouble(), 0.0, "the same figure, not worked out again");
        }
    }

    @Test
    void anUnreadableSummaryIsListedWithTheReason() throws Exception {
        JsonNode row = byDir().get(RunsFixture.UNREADABLE);
        assertTrue(row.path("note").asText().startsWith("unreadable: "), row.toString());
        assertTrue(row.path("note").asText().length() < 220, row.path("note").asText());
        assertEquals("unknown", row.path("verdict").asText());
        assertTrue(row.has("startMillis"), "dated by its directory name");
    }

    @Test
    void anIncrementalRunShowsItsSustainableStep() throws Exception {
        JsonNode row = byDir().get(RunsFixture.INCREMENTAL);
        assertEquals("incremental", row.path("kind").asText());
        assertEquals("passed", row.path("verdict").asText());
        assertEquals(100, row.path("sustainableRate").asLong());
        assertEquals(100.0, row.path("receiveRate").asDouble(), "the sustainable step's receive rate");
        assertEquals(1.5, row.path("p99").asDouble());
        assertEquals(RunsFixture.INCREMENTAL + "/report.html", row.path("report").asText());
    }

    @Test
    void trendsHaveALinePerTestNameWithoutRunsThatCouldNotRun() throws Exception {
        JsonNode data = RunIndex.data(runs.dir);
        List<JsonNode> rate = ReportData.series(data, "trend-receive-rate");
        Map<String, JsonNode> byLabel = new HashMap<>();
        rate.forEach(s -> byLabel.put(s.path("label").asText(), s));
        assertEquals(3, rate.size(), "nightly, latency probe, incremental: " + byLabel.keySet());
        JsonNode nightly = byLabel.get("nightly");
        assertEquals(List.of(RunsFixture.OLDEST, RunsFixture.FAILED, RunsFixture.NEWEST), texts(nightly.path("runs")),
                "oldest first, the run in error left out");
        assertEquals(runs.summary(RunsFixture.NEWEST).path("totals").path("receiveRate").asDouble(), nightly.path("y").get(2).asDouble());
        assertEquals(byDir().get(RunsFixture.NEWEST).path("startMillis").asLong(), nightly.path("x").get(2).asLong());
        JsonNode p99 = ReportData.series(data, "trend-p99").stream().filter(s -> s.path("label").asText().equals("nightly")).findFirst().orElseThrow();
        assertEquals(3.125, p99.path("y").get(2).asDouble());
        assertTrue(byLabel.containsKey("incremental (incremental)"), byLabel.keySet().toString());
    }

    @Test
    void buildWritesTheSelfContainedPageAtomically() throws Exception {
        Path index = RunIndex.build(runs.dir);
        assertEquals(runs.dir.resolve("index.html"), index);
        assertFalse(Files.exists(runs.dir.resolve("index.html.partial")));
        String html = Files.readString(index);
        assertTrue(html.contains("<title>Maestro runs: runs</title>"), "titled by the directory");
        assertFalse(html.contains("<script src="), "every script inline, none fetched");
        assertEquals(RunsFixture.LISTED_IN_ORDER.size(), ReportHtml.data(index).path("index").path("runs").size());
    }

    @Test
    void theFingerprintChangesWithTheRunsOnly() throws Exception {
        String before = RunIndex.fingerprint(runs.dir);
        assertEquals(before, RunIndex.fingerprint(runs.dir));
        RunIndex.build(runs.dir);
        assertEquals(before, RunIndex.fingerprint(runs.dir), "writing index.html itself changes nothing");
        Files.writeString(runs.dir.resolve(RunsFixture.NEWEST).resolve("comparison.json"), "{\"verdict\": \"same\"}");
        assertFalse(before.equals(RunIndex.fingerprint(runs.dir)), "a new comparison changes a row");
    }

    @Test
    void reportIndexCommandBuildsThePageOrSaysWhatIsWrong() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new ReportMain()).setOut(new PrintWriter(out)).setErr(new PrintWriter(err));
        assertEquals(0, cl.execute("--index", runs.dir.toString()), err.toString());
        assertEquals(runs.dir.resolve("index.html").toAbsolutePath().toString(), out.toString().trim());

        Path missing = tmp.resolve("no-such-runs");
        assertEquals(2, cl.execute("--index", missing.toString()));
        assertTrue(err.toString().contains("runs directory " + missing + " does not exist or is not a directory"), err.toString());
        assertFalse(err.toString().contains("Exception"), err.toString());
        Path file = runs.dir.resolve("README.txt");
        assertEquals(2, cl.execute("--index", file.toString()));
        assertTrue(err.toString().contains(file + " does not exist or is not a directory"), err.toString());
    }

    private List<JsonNode> rows() throws ReportException {
        List<JsonNode> rows = new ArrayList<>();
        RunIndex.data(runs.dir).path("index").path("runs").forEach(rows::add);
        return rows;
    }

    private Map<String, JsonNode> byDir() throws ReportException {
        Map<String, JsonNode> byDir = new HashMap<>();
        for (JsonNode r : rows()) {
            byDir.put(r.path("dir").asText(), r);
        }
        return byDir;
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
