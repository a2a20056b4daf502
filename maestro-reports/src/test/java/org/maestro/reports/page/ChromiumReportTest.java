package org.maestro.reports.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TempDirs;
import org.maestro.reports.compare.Comparison;
import org.maestro.reports.HtmlPage;
import org.maestro.reports.Json;
import org.maestro.reports.ReportHtml;
import org.maestro.reports.SyntheticRun;

/**
 * Opens report.html from {@code file://} in real headless Chromium (Debian's {@code chromium}, installed by
 * {@code bin/install-test-deps}) with no network, and checks from the DOM it dumps that every chart was
 * rendered and no script error or console error happened.
 */
@Integration
public class ChromiumReportTest {
    private static final long TIMEOUT_SECONDS = 90;

    @TempDir
    Path tmp;

    @Test
    void everyChartRendersWithoutErrors() throws Exception {
        SyntheticRun run = new SyntheticRun(Files.createDirectories(tmp.resolve("run")), 1_795_000_000_000_000L, 5, 300, 2).write();
        Path report = ReportBuilder.build(run.dir);
        int charts = ReportHtml.data(report).path("charts").size();
        assertTrue(charts >= 16, "throughput, latency, send delay and inspector charts (rates and levels): " + charts);

        String dom = dumpDom(report);
        Matcher body = Pattern.compile("<body([^>]*)>").matcher(dom);
        assertTrue(body.find(), "a body in the DOM Chromium dumped:\n" + head(dom));
        String attrs = body.group(1);
        assertEquals("", attribute(attrs, "data-errors"), "no script or console error in the page");
        assertEquals(String.valueOf(charts), attribute(attrs, "data-charts-expected"));
        assertEquals(String.valueOf(charts), attribute(attrs, "data-charts-rendered"), "every chart rendered");
        assertEquals(charts, count(dom, "<canvas "), "a canvas per chart");
        assertEquals(charts, count(dom, "data-rendered=\"1\""), "every canvas drawn by Chart.js");
        assertTrue(dom.contains("id=\"verdict-value\"") && dom.contains(">PASSED<"), "the verdict is shown");
        assertTrue(dom.contains("p99 latency &lt; 250 ms"), "the criterion is shown");
        assertLeadsWithItsAnswer(dom);
        assertTrue(headline(dom).contains("id=\"headline-throughput\"") && headline(dom).contains("id=\"headline-latency\"")
                && headline(dom).contains("id=\"headline-loss\"") && headline(dom).contains("id=\"headline-send-delay\""),
                "the headline: throughput, response time, loss and send delay: " + head(headline(dom)));
        assertTrue(headline(dom).contains("restart-artemis.groovy") && headline(dom).contains("outage ms"), "the action's cost in the headline");
        assertTrue(headline(dom).contains("1 clock warning: see <a href=\"#hosts\">Hosts and clocks</a>"), "the clock warning named at the top");
        assertTrue(dom.contains("<details id=\"peers-table\"><summary>4 peers (") && dom.contains("<details id=\"hosts-table\"><summary>"),
                "the long tables folded, closed, a summary line saying what is inside");
        assertTrue(dom.contains("restart-artemis.groovy"), "the agent action is listed");
        assertTrue(dom.contains("id=\"time-axis\"") && dom.contains("+0 s is the first sender"), "the events' clock is named");
        assertTrue(dom.contains("OpenJDK 64-Bit Server VM 17.0.15") && dom.contains("qpid-jms 2.6.1"), "each peer's system is shown");
        assertTrue(dom.contains("qpid-jms 2.6.1 (amqp.maxFrameSize=65536: the worker\u2019s default, not in the URL)"),
                "the client options the worker set are shown beside its driver");
        assertTrue(dom.contains("id=\"console-log\"") && dom.contains("synthetic run"), "the console is shown");
        assertTrue(dom.contains("Hosts and clocks") && dom.contains("4 peer(s) on 3 distinct address(es)"), "the hosts are shown");
        assertTrue(dom.contains(">10.77.0.12</td>") && dom.contains(">http://10.77.0.12:7001/</td>")
                && dom.contains(">lab-receiver</td>"), "each peer's address, data URL and host name");
        assertTrue(dom.contains(">-0.031 ± 0.206<") && dom.contains(">+0.042 ± 0.206<") && dom.contains(">0.412<"),
                "offsets with their uncertainty, and round trips");
        assertTrue(dom.contains(">same clock as the client: same host<"), "a peer on the client's clock is shown as such");
        assertTrue(dom.contains("<span class=\"fail\">+2.500 ± 0.206</span>"), "an offset over the limit stands out");
        assertTrue(dom.contains("Warning: the clock of agent-1 on lab-agent is +2.500 ± 0.206 ms off"), "the clock warning is shown");
        assertTrue(dom.contains("inspector-1: links.csv: rates per second (counters)")
                && dom.contains("inspector-1: memory.csv: levels (gauges)")
                && dom.contains("inspector-1: connections.csv: levels (gauges)"), "the router's inspector charts are drawn");
        assertTrue(dom.contains("that grew less left out") && dom.contains("identities not charted: linkName, linkType"),
                "each inspector chart says what it left out");
    }

    /**
     * A run whose route measured latency round trip: the headline's round-trip card, the round-trip charts, each
     * latency figure with its clock, and the "Latency clocks" table of the offset the load implies per pair of hosts.
     */
    @Test
    void aRoundTripRunSaysWhichClockEachFigureUsed() throws Exception {
        SyntheticRun run = new SyntheticRun(Files.createDirectories(tmp.resolve("run")), 1_795_000_000_000_000L, 5, 300, 2).write();
        Path sender = run.dir.resolve("peers").resolve(SyntheticRun.SENDER);
        // A real HDR interval log in the sender's directory stands for its round trips.
        Files.copy(sender.resolve("send-delay.hlog"), sender.resolve(org.maestro.common.runfiles.PeerFiles.LATENCY_ROUND_TRIP_HLOG));
        com.fasterxml.jackson.databind.node.ObjectNode summary = (com.fasterxml.jackson.databind.node.ObjectNode)
                Json.MAPPER.readTree(run.dir.resolve("summary.json").toFile());
        com.fasterxml.jackson.databind.node.ObjectNode clocks = summary.putObject("latencyClocks")
                .put("oneWayClock", org.maestro.common.note.LatencyMode.ONE_WAY_CLOCK)
                .put("roundTripClock", org.maestro.common.note.LatencyMode.ROUND_TRIP_CLOCK).put("sampling", "round-trip, 1 in 10 messages");
        clocks.putObject("roundTrip").put("count", 150).put("p50", 3.2).put("p90", 4.1).put("p99", 6.4).put("p999", 7).put("max", 7.5);
        clocks.putObject("halfRoundTrip").put("count", 150).put("p50", 1.6).put("p90", 2.05).put("p99", 3.2).put("p999", 3.5).put("max", 3.75);
        clocks.putArray("loadOffsets").addObject().put("route", "").put("senderHost", "lab-sender").put("receiverHost", "lab-receiver")
                .put("oneWayP50Millis", 401.6).put("halfRoundTripP50Millis", 1.6).put("loadOffsetMillis", 400.0)
                .put("pingOffsetMillis", 400.3).put("pingUncertaintyMillis", 1.1);
        Json.MAPPER.writeValue(run.dir.resolve("summary.json").toFile(), summary);
        Path report = ReportBuilder.build(run.dir);
        int charts = ReportHtml.data(report).path("charts").size();
        String dom = dumpDom(report);
        String attrs = bodyAttributes(dom);
        assertEquals("", attribute(attrs, "data-errors"), "no script or console error in the page");
        assertEquals(String.valueOf(charts), attribute(attrs, "data-charts-rendered"), "every chart rendered, the round trip's too");
        assertTrue(dom.contains("Round trip over time") && dom.contains("Round trip: percentile distribution"), "the round-trip charts");
        assertTrue(headline(dom).contains("id=\"headline-round-trip\"")
                        && headline(dom).contains(org.maestro.common.note.LatencyMode.ROUND_TRIP_CLOCK + "; round-trip, 1 in 10 messages"),
                "the round trip in the headline, with its clock: " + head(headline(dom)));
        assertTrue(dom.contains("one way: two clocks"), "the response time's card names its clocks");
        assertTrue(dom.contains("Latency clocks") && dom.contains("id=\"load-offsets\""), "the clocks section and its table");
        String cells = dom.replace(" class=\"\"", "").replace(" class=\"num\"", "");
        assertTrue(cells.contains("<td>lab-sender</td><td>lab-receiver</td><td>401.600</td><td>1.600</td><td>+400.000</td>"
                + "<td>+400.300 \u00b1 1.100</td>"), "the offset the load implies beside the PING's: "
                + head(dom.substring(Math.max(0, dom.indexOf("load-offsets")))));
        assertTrue(cells.contains("<td>" + org.maestro.common.note.LatencyMode.ROUND_TRIP_CLOCK + "</td>"), "a figure with its clock");
    }

    /**
     * A run through routers the client started: the report draws the topology's picture (inlined, its scripts dropped),
     * lists its nodes and links, and says which router the inspector sampled, in its section and in its charts' titles.
     */
    @Test
    void aRouterRunShowsItsTopologyAndWhichRouterWasInspected() throws Exception {
        SyntheticRun run = new SyntheticRun(Files.createDirectories(tmp.resolve("run")), 1_795_000_000_000_000L, 5, 300, 2).write();
        new org.maestro.common.runfiles.RunTopology("line 3", List.of(
                new org.maestro.common.runfiles.RunTopology.Node("router-1", "router", "amqp://127.0.0.1:5670"),
                new org.maestro.common.runfiles.RunTopology.Node("router-2", "router", "amqp://127.0.0.1:5672", "router-2"),
                new org.maestro.common.runfiles.RunTopology.Node("router-3", "router", "amqp://127.0.0.1:5674"),
                new org.maestro.common.runfiles.RunTopology.Node("edge-3-1", "edge router", "amqp://127.0.0.1:5676")),
                List.of(new org.maestro.common.runfiles.RunTopology.Link("router-2", "router-1", 1),
                        new org.maestro.common.runfiles.RunTopology.Link("router-3", "router-2", 5),
                        new org.maestro.common.runfiles.RunTopology.Link("edge-3-1", "router-3", 1)), "router-1", "router-3",
                "skupper-router 3.5.1")
                .write(run.dir, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"300\" height=\"80\"><circle cx=\"40\" cy=\"40\" r=\"28\""
                        + " onclick=\"document.body.dataset.injected='1'\"/><text x=\"20\" y=\"44\">router-1</text>"
                        + "<script>document.body.dataset.injected='1'</script></svg>");
        // router-2's log as --local keeps it in the run directory: linked from its row.
        Path log = run.dir.resolve(org.maestro.common.runfiles.RunLayout.routerLog("router-2"));
        Files.writeString(Files.createDirectories(log.getParent()).resolve(log.getFileName()), "SERVER (notice) Operational\n");
        // Each hop's figures as summary.json holds them (the results model's Summary.Hop), rendered as they are.
        com.fasterxml.jackson.databind.node.ObjectNode summary = (com.fasterxml.jackson.databind.node.ObjectNode)
                Json.MAPPER.readTree(run.dir.resolve("summary.json").toFile());
        summary.putArray("hops").addObject().put("router", "router-2").put("inspector", "inspector-1")
                .put("link", "inter-router out to router-3").put("deliveries", 4321).put("accepted", 4300).put("released", 21)
                .put("modified", 0).put("rejected", 0).putNull("droppedPresettled");
        Json.MAPPER.writeValue(run.dir.resolve("summary.json").toFile(), summary);
        String dom = dumpDom(ReportBuilder.build(run.dir));
        String attrs = bodyAttributes(dom);
        assertEquals("", attribute(attrs, "data-errors"), "no script or console error in the page");
        assertFalse(attrs.contains("data-injected"), "the picture's script and handler did not run");
        String cells = dom.replace(" class=\"\"", "").replace(" class=\"num\"", "");
        assertTrue(cells.contains("<td>router-2</td><td>inter-router out to router-3</td><td>4,321</td>"
                + "<td>4,300</td><td>21</td><td>0</td><td>0</td><td>unknown</td>"),
                "each hop's figures: " + head(dom.substring(Math.max(0, dom.indexOf("Deliveries per link")))));
        assertTrue(cells.contains("<td>inspector-1</td><td>router-2</td><td><a href=\"routers/router-2.log\">routers/router-2.log</a></td></tr>"),
                "router-2's inspector, agent and log in its row: " + head(dom.substring(Math.max(0, dom.indexOf("<th>log</th>")))));
        assertTrue(dom.contains("Topology: line 3 of skupper-router 3.5.1"), "the topology and its router are named");
        Matcher picture = Pattern.compile("<div id=\"topology-picture\"[^>]*><svg[^>]*>(.*?)</svg>", Pattern.DOTALL).matcher(dom);
        assertTrue(picture.find(), "the picture inline: " + head(dom.substring(Math.max(0, dom.indexOf("Topology")))));
        assertTrue(picture.group(1).contains("<circle") && !picture.group(1).contains("<script") && !picture.group(1).contains("onclick"),
                picture.group(1));
        assertTrue(dom.contains("Senders send to router-1, receivers receive from router-3. Inspected: router-2 (inspector-1);"
                + " not inspected: router-1, router-3, edge-3-1."), "which routers were inspected, edge routers too");
        assertTrue(dom.replace(" class=\"\"", "").contains("<td>router-3</td><td>skupper-router 3.5.1</td><td>amqp://127.0.0.1:5674</td>"
                + "<td>router-2 (cost 5), edge-3-1</td>"), "each node with its router, URL and links");
        assertTrue(dom.replace(" class=\"\"", "").contains("<td>edge-3-1</td><td>skupper-router 3.5.1, edge</td>"),
                "an edge router says so: " + head(dom.substring(Math.max(0, dom.indexOf("<td>edge-3-1</td>")))));
        assertTrue(dom.contains("router-2 (inspector-1): links.csv: rates per second (counters)"), "the charts name the router");
    }

    /**
     * A run whose receiver's data is missing, as the client writes it (figures null, the criterion not evaluated, the
     * receiver's live figures, an interruption of the control plane): the page reads "unknown", never 0 nor blank.
     */
    @Test
    void unknownFiguresReadUnknownAndTheMissingDataIsNamed() throws Exception {
        SyntheticRun run = new SyntheticRun(Files.createDirectories(tmp.resolve("run")), 1_795_000_000_000_000L, 5, 300, 2).write();
        com.fasterxml.jackson.databind.node.ObjectNode s = (com.fasterxml.jackson.databind.node.ObjectNode)
                Json.MAPPER.readTree(run.dir.resolve("summary.json").toFile());
        s.put("verdict", "error");
        com.fasterxml.jackson.databind.node.ObjectNode totals = (com.fasterxml.jackson.databind.node.ObjectNode) s.get("totals");
        for (String f : List.of("received", "lost", "duplicated", "outOfOrder", "receiveRate", "responseTime", "serviceTime")) {
            totals.putNull(f);
        }
        com.fasterxml.jackson.databind.node.ObjectNode check = (com.fasterxml.jackson.databind.node.ObjectNode) s.get("checks").get(0);
        check.putNull("passed");
        check.put("measured", "not evaluated: data of receiver 'receiver-1' missing (its data server refused the connection)");
        for (com.fasterxml.jackson.databind.JsonNode p : s.get("peers")) {
            if (p.path("name").asText().equals(SyntheticRun.RECEIVER)) {
                com.fasterxml.jackson.databind.node.ObjectNode r = (com.fasterxml.jackson.databind.node.ObjectNode) p;
                r.putNull("messages");
                r.putNull("lost");
                r.put("dataMissing", "its data server refused the connection");
                com.fasterxml.jackson.databind.node.ObjectNode live = r.putObject("live");
                live.put("source", "live, not from files: its last progress note, at 3.0 s of the test");
                live.put("phase", "running");
                live.put("messages", 9284);
                live.put("lost", 0);
                live.put("duplicated", 0);
                live.put("outOfOrder", 0);
            }
        }
        com.fasterxml.jackson.databind.node.ObjectNode away = s.putArray("interruptions").addObject();
        away.put("who", "receiver 'receiver-1'");
        away.put("from", s.get("start").asText());
        away.putNull("to");
        away.putNull("millis");
        Json.MAPPER.writeValue(run.dir.resolve("summary.json").toFile(), s);
        Path report = ReportBuilder.build(run.dir);

        String dom = dumpDom(report);
        Matcher body = Pattern.compile("<body([^>]*)>").matcher(dom);
        assertTrue(body.find(), "a body in the DOM Chromium dumped:\n" + head(dom));
        assertEquals("", attribute(body.group(1), "data-errors"), "no script or console error in the page");
        assertTrue(dom.contains(">not evaluated<"), "the criterion is neither passed nor failed");
        assertTrue(dom.contains("<td class=\"num\">unknown</td>"), "the totals read unknown");
        assertTrue(dom.contains("its data server refused the connection") && dom.contains("9,284 message(s)")
                && dom.contains("live, not from files"), "the missing data is named, with what the receiver reported live");
        assertTrue(dom.contains("not back within the run"), "the interruption is listed");
        assertTrue(headline(dom).contains("Data missing from receiver-1: the figures that depend on it are unknown"), head(headline(dom)));
    }

    /**
     * A run of two routes: the page shows them side by side (protocol, redacted target, counts, rates, latency, send
     * delay) and charts their latency distributions.
     */
    @Test
    void routesAreShownSideBySide() throws Exception {
        SyntheticRun run = new SyntheticRun(Files.createDirectories(tmp.resolve("routes")), 1_795_000_000_000_000L, 5, 300, 2).write();
        com.fasterxml.jackson.databind.node.ObjectNode s = (com.fasterxml.jackson.databind.node.ObjectNode)
                Json.MAPPER.readTree(run.dir.resolve("summary.json").toFile());
        com.fasterxml.jackson.databind.node.ArrayNode routes = s.putArray("routes");
        route(routes, "amqp", "amqp://127.0.0.1:5672/q.amqp", List.of(SyntheticRun.RECEIVER, SyntheticRun.SENDER), 12_345, 1.25);
        route(routes, "core", "core://admin:***@sut.lab:61616/q.core", List.of(), 12_340, 2.5);
        Json.MAPPER.writeValue(run.dir.resolve("summary.json").toFile(), s);
        Path report = ReportBuilder.build(run.dir);
        int charts = ReportHtml.data(report).path("charts").size();
        String dom = dumpDom(report);
        Matcher body = Pattern.compile("<body([^>]*)>").matcher(dom);
        assertTrue(body.find(), "a body in the DOM Chromium dumped:\n" + head(dom));
        assertEquals("", attribute(body.group(1), "data-errors"), "no script or console error in the page");
        assertEquals(String.valueOf(charts), attribute(body.group(1), "data-charts-rendered"), "every chart rendered");
        assertTrue(dom.contains("Routes side by side") && dom.contains("id=\"routes-table\""), head(dom));
        assertTrue(dom.contains(">core://admin:***@sut.lab:61616/q.core</td>") && dom.contains(">12,340</td>")
                && dom.contains(">12,345</td>") && dom.contains(">2.500</td>"), "each route's row with its figures");
        String table = dom.substring(dom.indexOf("id=\"routes-table\""));
        assertEquals(3, count(table.substring(0, table.indexOf("</table>")), "<tr>"), "a header and a row per route");
        assertTrue(dom.contains("by route: percentile distribution after warm-up"), "the routes' latency chart");
    }

    /** summary.json's loadGenerators, as the client writes it (the typed record serialized): a table and its warnings. */
    @Test
    void loadGeneratorsAreShownWithTheirWarnings() throws Exception {
        SyntheticRun run = new SyntheticRun(Files.createDirectories(tmp.resolve("generators")), 1_795_000_000_000_000L, 5, 300, 2).write();
        com.fasterxml.jackson.databind.node.ObjectNode s = (com.fasterxml.jackson.databind.node.ObjectNode)
                Json.MAPPER.readTree(run.dir.resolve("summary.json").toFile());
        org.maestro.results.LoadGenerators g = org.maestro.results.reduce.GeneratorLimits.check(List.of(
                new org.maestro.results.GeneratorLoad(SyntheticRun.SENDER, "sender", "lab-sender", 20, 2, 1.57, 1.98,
                        96.1, 100.0, 15, 12, 48, 9, false, true, 2400L, 870L, true),
                new org.maestro.results.GeneratorLoad(SyntheticRun.RECEIVER, "receiver", "lab-receiver", 20, 2, 0.4,
                        0.61, null, null, 0, 3, 7, 4, true, false, null, null, false)));
        s.set("loadGenerators", Json.MAPPER.valueToTree(g));
        Json.MAPPER.writeValue(run.dir.resolve("summary.json").toFile(), s);
        String dom = dumpDom(ReportBuilder.build(run.dir));
        Matcher body = Pattern.compile("<body([^>]*)>").matcher(dom);
        assertTrue(body.find(), "a body in the DOM Chromium dumped:\n" + head(dom));
        assertEquals("", attribute(body.group(1), "data-errors"), "no script or console error in the page");
        assertTrue(dom.contains("Load generators") && dom.contains("id=\"generators-table\""), head(dom));
        String table = dom.substring(dom.indexOf("id=\"generators-table\""));
        table = table.substring(0, table.indexOf("</table>"));
        assertEquals(3, count(table, "<tr>"), "a header and a row per generator");
        assertTrue(table.contains(">1.570</td>") && table.contains(">96.1</td>") && table.contains(">100.0</td>") && table.contains(">15 (saturated)</span>"),
                "the sender's figures, its saturation standing out: " + table);
        assertTrue(table.contains(">2,400</td>") && table.contains(">870 (still compiling)</span>"),
                "the sender's JIT compile time, its cold start standing out: " + table);
        assertTrue(table.contains(">unknown</td>"), "the receiver's host share is unknown, not 0: " + table);
        assertEquals(3, g.warnings().size(), "saturated, still compiling, on the SUT's host: " + g.warnings());
        for (String w : g.warnings()) {
            assertTrue(dom.contains("Warning: " + HtmlPage.escapeHtml(w)), "shown: " + w);
        }
    }

    private static void route(com.fasterxml.jackson.databind.node.ArrayNode routes, String name, String target, List<String> peers,
                              long messages, double p99) {
        com.fasterxml.jackson.databind.node.ObjectNode r = routes.addObject();
        r.put("name", name);
        r.put("protocol", name);
        r.put("target", target);
        peers.forEach(r.putArray("peers")::add);
        com.fasterxml.jackson.databind.node.ObjectNode t = r.putObject("totals");
        t.put("sent", messages);
        t.put("received", messages);
        t.put("lost", 0);
        t.put("duplicated", 0);
        t.put("outOfOrder", 0);
        t.put("sendRate", 100.0);
        t.put("receiveRate", 100.0);
        for (String measure : List.of("responseTime", "serviceTime", "sendDelay")) {
            com.fasterxml.jackson.databind.node.ObjectNode l = t.putObject(measure);
            l.put("count", messages);
            l.put("p50", 0.5);
            l.put("p90", 0.9);
            l.put("p99", p99);
            l.put("p999", p99 * 2);
            l.put("max", p99 * 4);
        }
    }

    /**
     * A sender whose warm-up hit its cap off schedule: the page shows each sender's warm-up and says how it ended; the
     * criterion it failed stands out in the verdict.
     */
    @Test
    void eachSendersWarmupIsShownAndOneOffScheduleSaysSo() throws Exception {
        SyntheticRun run = new SyntheticRun(Files.createDirectories(tmp.resolve("warm")), 1_795_000_000_000_000L, 5, 300, 2).write();
        editSummary(run, (s, sender) -> {
            com.fasterxml.jackson.databind.node.ObjectNode w = sender.putObject("warmup");
            w.put("seconds", 6.0);
            w.put("maxSeconds", 6.0);
            w.put("sendDelayBoundMillis", 100.0);
            w.put("onSchedule", false);
            w.put("detail", "connection 1 send delay 812.000 ms when the warm-up hit its 6.0 s cap");
            s.put("verdict", "failed");
            ((com.fasterxml.jackson.databind.node.ObjectNode) s.get("checks").get(0)).put("passed", false);
        });
        String dom = renderedWithoutErrors(run.dir);
        assertTrue(dom.contains("Warm-up (left out of the figures)"), head(dom));
        assertTrue(dom.contains("OFF SCHEDULE: connection 1 send delay 812.000 ms when the warm-up hit its 6.0 s cap"), head(dom));
        assertTrue(dom.contains("<summary>Warm-up (left out of the figures): sender-1 6 s; OFF SCHEDULE: sender-1</summary>"),
                "the folded warm-up says which sender was off schedule");
        assertTrue(headline(dom).contains("Warm-up off schedule: sender-1"), head(headline(dom)));
        assertTrue(dom.contains("<li class=\"failed\"><span class=\"fail\">FAILED</span> <span class=\"criterion\">p99 latency &lt; 250 ms</span>"),
                "the failed criterion in the verdict");
        assertTrue(dom.indexOf(">FAILED</span> <span class=\"criterion\">") < dom.indexOf("<canvas "), "above the charts");
    }

    /**
     * Issue 22: a presettled sender's delivery says "not acknowledged", never a count of acknowledgements, and a
     * criterion with no meaning for the run (a share of no target rate) reads "not applicable".
     */
    @Test
    void aPresettledSendersDeliveryAndANotApplicableCriterionAreSaid() throws Exception {
        SyntheticRun run = new SyntheticRun(Files.createDirectories(tmp.resolve("presettled")), 1_795_000_000_000_000L, 5, 300, 2).write();
        editSummary(run, (s, sender) -> {
            com.fasterxml.jackson.databind.node.ObjectNode d = sender.putObject("delivery");
            d.put("mode", "presettled");
            d.putNull("acknowledged");
            d.putNull("released");
            d.putNull("unresent");
            d.put("refused", 0);
            com.fasterxml.jackson.databind.node.ObjectNode c = s.withArray("checks").addObject();
            c.put("criterion", "rate >= 95 %");
            c.putNull("passed");
            c.put("measured", "not applicable: the test ran flat out: there is no target rate");
            c.put("bound", ">= 95.0 %");
        });
        String dom = renderedWithoutErrors(run.dir);
        assertTrue(dom.contains("Delivery (settled: acknowledged by the SUT; presettled: fire-and-forget)"), head(dom));
        assertTrue(dom.contains("not acknowledged (presettled): see the receivers' loss"), head(dom));
        assertTrue(dom.contains(">not applicable<"), head(dom));
    }

    /**
     * The page opens with its answer: the verdict, then the headline figures, then the first chart, and only then the
     * first table; the time charts come before the tables they are the summary of.
     */
    private static void assertLeadsWithItsAnswer(String dom) {
        int verdict = dom.indexOf("id=\"verdict-value\"");
        int headline = dom.indexOf("id=\"headline-throughput\"");
        int chart = dom.indexOf("<canvas ");
        int table = dom.indexOf("<table");
        assertTrue(verdict >= 0 && headline > verdict, "the headline figures after the verdict: " + verdict + ", " + headline);
        assertTrue(chart > headline, "the first chart after the headline: " + headline + ", " + chart);
        assertTrue(table > chart, "the first table after the first chart: " + chart + ", " + table);
        assertEquals(chart, dom.indexOf("<canvas id=\"chart-throughput-sent\""), "the first chart is the throughput's");
    }

    /** The headline section of a dumped report. */
    private static String headline(String dom) {
        String from = dom.substring(dom.indexOf("<section id=\"headline\""));
        return from.substring(0, from.indexOf("</section>"));
    }

    /** Rewrites {@code run}'s summary.json after {@code edit} changed it (given it and its sender's entry). */
    private static void editSummary(SyntheticRun run,
                                    java.util.function.BiConsumer<com.fasterxml.jackson.databind.node.ObjectNode,
                                            com.fasterxml.jackson.databind.node.ObjectNode> edit) throws IOException {
        com.fasterxml.jackson.databind.node.ObjectNode s = (com.fasterxml.jackson.databind.node.ObjectNode)
                Json.MAPPER.readTree(run.dir.resolve("summary.json").toFile());
        for (com.fasterxml.jackson.databind.JsonNode p : s.get("peers")) {
            if (p.path("name").asText().equals(SyntheticRun.SENDER)) {
                edit.accept(s, (com.fasterxml.jackson.databind.node.ObjectNode) p);
            }
        }
        Json.MAPPER.writeValue(run.dir.resolve("summary.json").toFile(), s);
    }

    /** The report of {@code runDir} as Chromium rendered it, which ran without a script or console error. */
    private String renderedWithoutErrors(Path runDir) throws Exception {
        String dom = dumpDom(ReportBuilder.build(runDir));
        Matcher body = Pattern.compile("<body([^>]*)>").matcher(dom);
        assertTrue(body.find(), "a body in the DOM Chromium dumped:\n" + head(dom));
        assertEquals("", attribute(body.group(1), "data-errors"), "no script or console error in the page");
        return dom;
    }

    @Test
    void incrementalPageRendersWithoutErrors() throws Exception {
        Path report = ReportBuilder.build(IncrementalReportTest.incrementalRun(tmp));
        String dom = dumpDom(report);
        Matcher body = Pattern.compile("<body([^>]*)>").matcher(dom);
        assertTrue(body.find(), "a body in the DOM Chromium dumped:\n" + head(dom));
        assertEquals("", attribute(body.group(1), "data-errors"), "no script or console error in the page");
        assertEquals("3", attribute(body.group(1), "data-charts-rendered"), "the curve and both step charts rendered");
        assertEquals(3, count(dom, "data-rendered=\"1\""));
        assertTrue(dom.contains("id=\"chart-curve\"") && dom.contains("Throughput\u2013latency curve"), "the curve comes first");
        assertTrue(dom.contains("id=\"steps-table\""), "the steps table");
        assertTrue(dom.contains("href=\"steps/20261122-130010-incremental/report.html\""), "steps link to their reports");
    }

    @Test
    void comparisonPageRendersWithoutErrors() throws Exception {
        long t0 = 1_795_000_000_000_000L;
        SyntheticRun base = new SyntheticRun(Files.createDirectories(tmp.resolve("20261122-010000-synthetic")), t0, 8, 300, 2).seed(1).write();
        SyntheticRun cand = new SyntheticRun(Files.createDirectories(tmp.resolve("20261122-020000-synthetic")), t0 + 3_600_000_000L,
                8, 300, 2).seed(2).latencyScale(2).write();
        Comparison c = Comparison.of(List.of(base.dir), cand.dir, null);
        Path page = c.write();
        int charts = ReportHtml.data(page).path("charts").size();
        assertEquals(6, charts, "received, sent, p99 over time and three distributions");

        String dom = dumpDom(page);
        Matcher body = Pattern.compile("<body([^>]*)>").matcher(dom);
        assertTrue(body.find(), "a body in the DOM Chromium dumped:\n" + head(dom));
        assertEquals("", attribute(body.group(1), "data-errors"), "no script or console error in the page");
        assertEquals(String.valueOf(charts), attribute(body.group(1), "data-charts-rendered"), "every chart rendered");
        assertEquals(charts, count(dom, "data-rendered=\"1\""));
        assertTrue(dom.contains("id=\"verdict-value\"") && dom.contains(">WORSE<"), "the overall verdict is shown");
        assertTrue(dom.contains("response time p50") && dom.contains("class=\"cmp worse\""), "the metric table shows what got worse");
        assertTrue(dom.contains("False alarms: family-wise: at most 1 %"), "the family-wise rule, once above the table");
        assertTrue(dom.contains("threshold (after correction)") && dom.contains("Holm rank"), "each threshold as applied");
        assertTrue(dom.contains("href=\"../20261122-010000-synthetic/report.html\""), "the baseline's report is linked");
        assertTrue(dom.contains("id=\"detectable-table\"") && dom.contains("Smallest detectable change"),
                "the smallest detectable changes, in a table of their own");
        var detectable = ReportHtml.data(page).path("comparison").path("detectable");
        assertTrue(detectable.size() >= 2, detectable.toString());
        detectable.forEach(d -> assertTrue(dom.contains(">" + HtmlPage.escapeHtml(d.path("text").asText()) + "<"),
                "each metric's line as comparison.json has it: " + d.path("text").asText()));

        // The run's own page says how it compares, and links the comparison.
        String report = dumpDom(ReportBuilder.build(cand.dir));
        assertTrue(report.contains("id=\"comparison-verdict\"") && report.contains("href=\"comparison.html\""),
                "report.html links the comparison");
    }

    static Path chromium() {
        List<String> candidates = new ArrayList<>();
        String configured = System.getenv("MAESTRO_CHROMIUM");
        if (configured != null && !configured.isBlank()) {
            candidates.add(configured);
        }
        candidates.add("/usr/bin/chromium");
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            candidates.add(dir + "/chromium");
        }
        for (String c : candidates) {
            Path p = Path.of(c);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return fail("Chromium is not installed (looked for " + candidates.get(0) + " and chromium on the PATH): run "
                + "bin/install-test-deps (it installs Debian's chromium package), or set MAESTRO_CHROMIUM");
    }

    /** Runs headless Chromium on {@code page} and returns the DOM after its scripts ran. */
    public static String dumpDom(Path page) throws IOException, InterruptedException {
        return dumpDom(page.toUri().toString());
    }

    /** Runs headless Chromium on the page at {@code uri} (file:, or http: on 127.0.0.1) and returns the DOM after its scripts ran. */
    public static String dumpDom(String uri) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("maestro-chromium-");
        try {
            Path err = profile.resolve("stderr.txt");
            Path out = profile.resolve("dom.html");
            Process p = new ProcessBuilder(headless(profile, "--window-size=1400,1000", "--dump-dom", uri))
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            await(p, err);
            String dom = Files.readString(out, StandardCharsets.UTF_8);
            if (p.exitValue() != 0 || dom.isBlank()) {
                fail("Chromium exited with " + p.exitValue() + " and dumped " + dom.length() + " characters; its stderr:\n" + tail(err));
            }
            return dom;
        } finally {
            TempDirs.delete(profile);
        }
    }

    /**
     * Runs headless Chromium on {@code page} as {@link #dumpDom} does and saves what it shows, {@code width} x
     * {@code height} pixels, as the PNG {@code png}; returns the image.
     */
    public static BufferedImage screenshot(Path page, Path png, int width, int height) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("maestro-chromium-");
        try {
            Path err = profile.resolve("stderr.txt");
            Files.createDirectories(png.toAbsolutePath().getParent());
            Process p = new ProcessBuilder(headless(profile, "--window-size=" + width + "," + height, "--hide-scrollbars",
                    "--screenshot=" + png.toAbsolutePath(), page.toUri().toString()))
                    .redirectOutput(profile.resolve("stdout.txt").toFile()).redirectError(err.toFile()).start();
            await(p, err);
            if (p.exitValue() != 0 || !Files.isRegularFile(png)) {
                fail("Chromium exited with " + p.exitValue() + " and saved no " + png + "; its stderr:\n" + tail(err));
            }
            return ImageIO.read(png.toFile());
        } finally {
            TempDirs.delete(profile);
        }
    }

    /** Headless Chromium without network, its profile in {@code profile}: {@code extra} says what it does. */
    private static List<String> headless(Path profile, String... extra) {
        // No network: every host name fails to resolve and any proxied request goes nowhere; only 127.0.0.1 (an
        // IP literal that Chromium bypasses the proxy for) is excepted, for the pages maestro serve sends.
        List<String> command = new ArrayList<>(List.of(chromium().toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--disable-default-apps", "--disable-extensions", "--proxy-server=127.0.0.1:9",
                "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--user-data-dir=" + profile.resolve("profile"),
                "--virtual-time-budget=5000"));
        command.addAll(List.of(extra));
        return command;
    }

    /** Waits for Chromium, failing the test when it does not finish in time. */
    private static void await(Process p, Path err) throws IOException, InterruptedException {
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
            fail("Chromium did not finish within " + TIMEOUT_SECONDS + " s; its stderr:\n" + tail(err));
        }
    }

    /** The attributes of the body element of a dumped DOM (where the page reports charts rendered and errors). */
    public static String bodyAttributes(String dom) {
        Matcher body = Pattern.compile("<body([^>]*)>").matcher(dom);
        assertTrue(body.find(), "a body in the DOM Chromium dumped:\n" + head(dom));
        return body.group(1);
    }

    public static String attribute(String attrs, String name) {
        Matcher m = Pattern.compile(name + "=\"([^\"]*)\"").matcher(attrs);
        return m.find() ? m.group(1) : "(no " + name + " in <body" + attrs + ">)";
    }

    public static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    public static String head(String s) {
        return s.length() > 2000 ? s.substring(0, 2000) + "..." : s;
    }

    private static String tail(Path file) throws IOException {
        if (!Files.exists(file)) {
            return "";
        }
        String s = Files.readString(file, StandardCharsets.UTF_8);
        return s.length() > 4000 ? "..." + s.substring(s.length() - 4000) : s;
    }
}
