package org.maestro.client.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.MaestroCommand;
import org.maestro.client.local.EmbeddedBroker;
import org.maestro.client.local.EmbeddedTestBroker;
import org.maestro.common.note.Role;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.testing.TestCluster;
import org.maestro.common.testing.TestLab;
import org.maestro.common.util.LoopbackPorts;
import org.maestro.reports.page.ReportBuilder;
import org.maestro.reports.ReportHtml;
import org.maestro.worker.WorkerHandler;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import org.maestro.common.testing.Integration;

/**
 * A report rebuilt with {@code maestro report} from an old run's directory shows what the report the run wrote shows:
 * the report (and the comparison) of a run directory get the run's reduction through the same function, whether the
 * run has just ended or its summary.json is older and holds no origin (then derived by the same rule).
 */
@Integration
class RebuiltReportTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path SCRIPTS = Path.of("..", "test-scripts");

    @RegisterExtension
    static final TestLab lab = TestLab.withControlBroker(EmbeddedTestBroker::new);

    @TempDir
    Path tmp;

    @Test
    void aReportRebuiltFromAnOldRunDirectoryHasTheFiguresTheRunWrote() throws Exception {
        int port = LoopbackPorts.free();
        Path written;
        try (EmbeddedBroker ignored = EmbeddedBroker.start(port, "AMQP,CORE,OPENWIRE,MQTT")) {
            written = fourRoutes(port);
        }
        JsonNode summary = JSON.readTree(written.resolve(RunLayout.SUMMARY_JSON).toFile());
        assertTrue(summary.path("origin").isTextual(), "summary.json holds the run's origin: " + summary);
        JsonNode asWritten = ReportHtml.data(written.resolve(ReportBuilder.REPORT_FILE));
        assertEquals(Instant.parse(summary.path("origin").asText()).toEpochMilli(), asWritten.path("originEpochMillis").asLong(),
                "the report's time axis starts at summary.json's origin");

        // The same run as an older Maestro left it: summary.json without an origin, no report.html.
        Path old = copyTree(written, tmp.resolve("old").resolve(written.getFileName().toString()));
        ObjectNode oldSummary = (ObjectNode) JSON.readTree(old.resolve(RunLayout.SUMMARY_JSON).toFile());
        oldSummary.remove("origin");
        JSON.writeValue(old.resolve(RunLayout.SUMMARY_JSON).toFile(), oldSummary);
        Files.delete(old.resolve(ReportBuilder.REPORT_FILE));
        MaestroCommand.Result r = MaestroCommand.run("report", old.toString());
        assertEquals(0, r.exitCode(), r.output());
        JsonNode rebuilt = ReportHtml.data(old.resolve(ReportBuilder.REPORT_FILE));

        assertFalse(rebuilt.path("charts").isEmpty(), "the rebuilt report has charts: " + r.output());
        assertNotEquals(0, rebuilt.path("latency").size(), "and latency figures");
        assertEquals(List.of(), differences("", withoutOrigin(asWritten), withoutOrigin(rebuilt)),
                "every figure, chart and marker of the rebuilt report is the written report's");

        // The comparison reads the old directory through the same function: the same verdict, figures and noise.
        Path current = copyTree(written, tmp.resolve("current").resolve(written.getFileName().toString()));
        MaestroCommand.Result withOrigin = MaestroCommand.run("compare", written.toString(), current.toString());
        MaestroCommand.Result withoutOrigin = MaestroCommand.run("compare", written.toString(), old.toString());
        assertEquals(withOrigin.exitCode(), withoutOrigin.exitCode(), withOrigin.output() + "\n" + withoutOrigin.output());
        assertEquals(List.of(), differences("", JSON.readTree(current.resolve("comparison.json").toFile()),
                JSON.readTree(old.resolve("comparison.json").toFile())), "the comparison of the old directory is the current one's");
    }

    /** compare-protocols.groovy: four routes (AMQP, core, OpenWire, MQTT), long enough for the comparison's slices. */
    private Path fourRoutes(int port) throws Exception {
        Path runs = tmp.resolve("runs");
        TestCluster.Builder cluster = lab.cluster().dataDir(Files.createDirectories(tmp.resolve("data")));
        for (String p : new String[] {"amqp", "core", "openwire", "mqtt"}) {
            cluster.peerWithData(p + "-sender-1", Role.SENDER, p, WorkerHandler::new);
            cluster.peerWithData(p + "-receiver-1", Role.RECEIVER, p, WorkerHandler::new);
        }
        MaestroCommand.Result r;
        try (TestCluster ignored = cluster.start()) {
            r = MaestroCommand.run("run", SCRIPTS.resolve("compare-protocols.groovy").toString(), "--broker",
                    lab.controlUrl().toString(), "--runs", runs.toString(), "-P", "sut=127.0.0.1:" + port, "-P", "queue=rebuilt",
                    "-P", "rate=200", "-P", "duration=7s", "-P", "warmup=1s", "-P", "warmupSendDelay=off");
        }
        assertTrue(r.exitCode() == 0 || r.exitCode() == 1, r.output());
        return MaestroCommand.onlyRun(runs);
    }

    /**
     * The report's data less summary.json's origin (which the old directory's summary.json lacks) and console.log's
     * tail (which the client went on writing after the report: where the report and the index are).
     */
    private static JsonNode withoutOrigin(JsonNode data) {
        ObjectNode copy = data.deepCopy();
        ((ObjectNode) copy.path("summary")).remove("origin");
        copy.remove("console");
        return copy;
    }

    /** Where {@code a} and {@code b} differ: each JSON pointer with both values. */
    private static List<String> differences(String at, JsonNode a, JsonNode b) {
        List<String> out = new ArrayList<>();
        if (a.isContainerNode() && b.isContainerNode() && a.getNodeType() == b.getNodeType()) {
            Set<String> keys = new LinkedHashSet<>();
            if (a.isObject()) {
                a.fieldNames().forEachRemaining(keys::add);
                b.fieldNames().forEachRemaining(keys::add);
            } else {
                for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
                    keys.add(Integer.toString(i));
                }
            }
            for (String k : keys) {
                JsonNode x = a.isObject() ? a.path(k) : a.path(Integer.parseInt(k));
                JsonNode y = b.isObject() ? b.path(k) : b.path(Integer.parseInt(k));
                out.addAll(differences(at + "/" + k, x, y));
            }
        } else if (!a.equals(b)) {
            out.add(at + ": " + abbreviated(a) + " != " + abbreviated(b));
        }
        return out;
    }

    private static String abbreviated(JsonNode n) {
        String text = n.toString();
        return text.length() > 200 ? text.substring(0, 200) + "..." : text;
    }

    private static Path copyTree(Path from, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Files.copy(f, to.resolve(from.relativize(f).toString()));
            }
        }
        return to;
    }
}
