package org.maestro.client.audit;

import com.fasterxml.jackson.databind.JsonNode;
import org.maestro.common.runfiles.PeerFiles;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.maestro.client.audit.IndependentFigures.UNKNOWN;

/**
 * Reads each surface a user sees (the console's end lines, summary.json, junit.xml, report.html's data, the runs
 * index, comparison.json) only as its output, never through the code that wrote it, and holds each figure against
 * {@link IndependentFigures} in an {@link Audit}.
 */
final class Surfaces {
    static final String CONSOLE = "console";
    static final String SUMMARY = org.maestro.common.runfiles.RunLayout.SUMMARY_JSON;
    static final String JUNIT = "junit.xml";
    static final String REPORT = org.maestro.reports.page.ReportBuilder.REPORT_FILE + " data";
    static final String INDEX = "runs index row";
    static final String COMPARISON = "comparison.json";

    private static final String TAIL = "sent (\\S+), received (\\S+), lost (\\S+), duplicated (\\S+), out of order (\\S+);"
            + " send (\\S+) msg/s, receive (\\S+) msg/s; response time p50 (\\S+) / p99 (\\S+) / p99\\.9 (\\S+) / max (\\S+) ms"
            + " \\(sender-side send delay p99 (\\S+) ms\\)";
    private static final Pattern TOTAL = Pattern.compile("^total: " + TAIL + "$");
    private static final Pattern ROUTE = Pattern.compile("^route (\\S+) \\(.*\\): " + TAIL + "$");
    private static final Pattern ACTION = Pattern.compile("^\\s+action planned at [0-9.]+ s, (?:started at [0-9.]+ s|never started): .* -> succeeded.*;"
            + " lost (\\S+), duplicated (\\S+),"
            + " out of order (\\S+), outage (.+), recovery (.+), stops (\\S+), last resume (.+)$");
    private static final Pattern CHECK = Pattern.compile("^\\s+\\[(PASS|FAIL)\\] (.+?): measured (.+), bound .+$");
    private static final Pattern UNJUDGED = Pattern.compile("^\\s+\\[NOT EVALUATED\\] (.+?), bound [^:]+: (.+)$");
    private static final Pattern END = Pattern.compile("^(\\S+) ended: (.+)$");
    private static final Pattern SENDER_END = Pattern.compile("^sent (\\d+) message\\(s\\).*; (\\S+) msg/s after warm-up.*;"
            + " p99 send delay (\\S+).*$");
    /** With nothing received after the warm-up, "response time unknown; service time unknown (...)". */
    private static final Pattern RECEIVER_END = Pattern.compile("^received (\\d+) message\\(s\\).*; lost \\d+, duplicated (\\d+),"
            + " out of order (\\d+); (?:response time p50 (\\S+) / p99 (\\S+) / max (\\S+) ms; service time p99 (\\S+) ms"
            + "|response time unknown; service time unknown).*$");
    private static final Pattern LATENCY_CRITERION = Pattern.compile("^(?:p(\\d+(?:\\.\\d+)?)|max) (latency|send delay) .*");
    private static final String[] HDR_FILES = {PeerFiles.LATENCY_RESPONSE_HLOG, PeerFiles.LATENCY_SERVICE_HLOG, PeerFiles.SEND_DELAY_HLOG};
    private static final double[] QS = {50, 90, 99, 99.9, 100};
    private static final String[] Q_FIELDS = {"p50", "p90", "p99", "p999", "max"};

    private final Audit audit;

    Surfaces(Audit audit) {
        this.audit = audit;
    }

    // ---------------------------------------------------------------- summary.json (and the report's copy of it)

    /** summary.json (or report.html's copy of it, as {@code surface}): every peer's, route's and the run's figures. */
    void summary(String run, String surface, JsonNode s, IndependentFigures f) {
        for (JsonNode p : s.path("peers")) {
            IndependentFigures.Peer mine = f.peers.get(p.path("name").asText());
            if (mine == null) {
                continue; // an agent or inspector
            }
            String who = mine.name() + " ";
            audit.check(run, surface, "messages", who + "messages", f.messages(mine), count(p.path("messages")));
            audit.check(run, surface, "rate", who + "rate", f.rate(mine), rate(p.path("rate")));
            if (mine.sender()) {
                latency(run, surface, who + "send delay", mine.collected() ? mine.delay() : null, p.path("sendDelay"));
                if (mine.collected() && mine.warmupMicros() > 0) {
                    audit.check(run, surface, "warm-up", who + "warm-up seconds", warmup(mine), p.at("/warmup/seconds").isNumber()
                            ? String.format(Locale.ROOT, "%.1f", p.at("/warmup/seconds").asDouble()) : UNKNOWN);
                }
            } else {
                latency(run, surface, who + "response time", mine.collected() ? mine.response() : null, p.path("responseTime"));
                latency(run, surface, who + "service time", mine.collected() ? mine.service() : null, p.path("serviceTime"));
                audit.check(run, surface, "loss and order", who + "duplicated", mine.collected() ? Long.toString(mine.duplicated())
                        : UNKNOWN, count(p.path("duplicated")));
                audit.check(run, surface, "loss and order", who + "out of order", mine.collected() ? Long.toString(mine.outOfOrder())
                        : UNKNOWN, count(p.path("outOfOrder")));
            }
        }
        totals(run, surface, "total ", f.totals(), s.path("totals"));
        for (JsonNode r : s.path("routes")) {
            String name = r.path("name").asText();
            totals(run, surface, "route " + name + " ", f.route(name), r.path("totals"));
        }
    }

    private void totals(String run, String surface, String who, IndependentFigures.Sums e, JsonNode t) {
        audit.check(run, surface, "messages", who + "sent", e.sent(), count(t.path("sent")));
        audit.check(run, surface, "messages", who + "received", e.received(), count(t.path("received")));
        audit.check(run, surface, "loss and order", who + "lost", e.lost(), count(t.path("lost")));
        audit.check(run, surface, "loss and order", who + "duplicated", e.duplicated(), count(t.path("duplicated")));
        audit.check(run, surface, "loss and order", who + "out of order", e.outOfOrder(), count(t.path("outOfOrder")));
        audit.check(run, surface, "rate", who + "send rate", e.sendRate(), rate(t.path("sendRate")));
        audit.check(run, surface, "rate", who + "receive rate", e.receiveRate(), rate(t.path("receiveRate")));
        latency(run, surface, who + "response time", e.receiversKnown() ? e.response() : null, t.path("responseTime"));
        latency(run, surface, who + "service time", e.receiversKnown() ? e.service() : null, t.path("serviceTime"));
        latency(run, surface, who + "send delay", e.sendersKnown() ? e.delay() : null, t.path("sendDelay"));
    }

    /** A Latency object: null (unknown) when nothing was measured, else its count and percentiles. */
    private void latency(String run, String surface, String what, IndependentFigures.Lat e, JsonNode shown) {
        boolean known = e != null && e.known();
        audit.check(run, surface, "latency count", what + " count", known ? e.count() : UNKNOWN,
                shown.isObject() ? count(shown.path("count")) : UNKNOWN);
        for (int i = 0; i < QS.length; i++) {
            audit.check(run, surface, "latency", what + " " + Q_FIELDS[i], known ? e.ms(QS[i]) : UNKNOWN,
                    shown.isObject() ? ms(shown.path(Q_FIELDS[i])) : UNKNOWN);
        }
    }

    /** Each agent action's cost, as summary.json (or the report's copy) gives it. */
    void actions(String run, String surface, JsonNode s, IndependentFigures f) throws Exception {
        long target = s.at("/parameters/rate").asLong();
        JsonNode actions = s.path("actions");
        for (int i = 0; i < actions.size(); i++) {
            JsonNode a = actions.get(i);
            long[] e = cost(f, actions, i, target);
            String who = "action " + (i + 1) + " ";
            String[] names = {"lost", "duplicated", "outOfOrder", "outageMillis", "recoveryMillis", "stops", "lastResumeMillis"};
            for (int k = 0; k < names.length; k++) {
                audit.check(run, surface, "action cost", who + names[k], e == null ? UNKNOWN : Long.toString(e[k]), count(a.path(names[k])));
            }
        }
    }

    /**
     * An action's cost by its definition, or null when it has no start: measured for every action that was fired,
     * whatever its outcome (one that failed or whose outcome never came may have injected its fault all the same).
     */
    private static long[] cost(IndependentFigures f, JsonNode actions, int i, long target) throws Exception {
        String start = actions.get(i).path("start").asText("");
        if (start.isEmpty()) {
            return null;
        }
        long next = Long.MAX_VALUE;
        long planned = actions.get(i).path("atMillis").asLong();
        for (JsonNode other : actions) {
            String o = other.path("start").asText("");
            // The next planned action's: the agents of a group act at one planned time, a few ms apart.
            if (!o.isEmpty() && other.path("atMillis").asLong() > planned && micros(o) > micros(start)) {
                next = Math.min(next, micros(o));
            }
        }
        return f.actionCost(micros(start), next, target);
    }

    // ---------------------------------------------------------------- console

    /** The console's end lines: the peers' table, the totals and routes, the actions, each criterion, the end lines. */
    void console(String run, String console, IndependentFigures f, JsonNode summary) throws Exception {
        List<String> lines = console.lines().toList();
        int header = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).matches("^peer\\s+role\\s+messages\\s+msg/s after warm-up\\s+p50 ms\\s+p99 ms\\s+max ms\\s+lost$")) {
                header = i; // the last table: an incremental run prints one per step, audited step by step
            }
        }
        if (header < 0) {
            audit.check(run, CONSOLE, "messages", "the peers' table", "shown", "(not shown)");
            return;
        }
        for (IndependentFigures.Peer p : f.peers.values()) {
            String row = null;
            for (String l : lines.subList(header + 1, lines.size())) {
                if (l.startsWith(p.name() + " ") && l.split("\\s+").length > 2 && l.split("\\s+")[1].equals(p.role())) {
                    row = l;
                    break;
                }
            }
            String who = p.name() + " ";
            if (row == null) {
                audit.check(run, CONSOLE, "messages", who + "row", "shown", "(not shown)");
                continue;
            }
            String[] v = row.trim().split("\\s+");
            IndependentFigures.Lat l = p.sender() ? p.delay() : p.response();
            boolean known = p.collected() && l.known();
            audit.check(run, CONSOLE, "messages", who + "messages", f.messages(p), at(v, 2));
            audit.check(run, CONSOLE, "rate", who + "msg/s", f.rate(p), at(v, 3));
            String what = p.sender() ? "send delay " : "response time ";
            audit.check(run, CONSOLE, "latency", who + what + "p50", known ? l.ms(50) : UNKNOWN, at(v, 4));
            audit.check(run, CONSOLE, "latency", who + what + "p99", known ? l.ms(99) : UNKNOWN, at(v, 5));
            audit.check(run, CONSOLE, "latency", who + what + "max", known ? l.ms(100) : UNKNOWN, at(v, 6));
        }
        List<String> end = lines.subList(header, lines.size());
        for (IndependentFigures.Peer p : f.peers.values()) {
            if (p.sender() && p.collected() && p.warmupMicros() > 0) {
                Matcher m = find(end, Pattern.compile("^  warm-up of " + Pattern.quote(p.name()) + ": ([0-9.]+) s, .*$"));
                audit.check(run, CONSOLE, "warm-up", p.name() + " warm-up seconds", warmup(p), m == null ? "(not shown)" : m.group(1));
            }
        }
        figuresLine(run, "total ", f.totals(), find(end, TOTAL), 1);
        for (JsonNode r : summary.path("routes")) {
            String name = r.path("name").asText();
            Matcher m = null;
            for (String l : end) {
                Matcher c = ROUTE.matcher(l);
                if (c.matches() && c.group(1).equals(name)) {
                    m = c;
                }
            }
            figuresLine(run, "route " + name + " ", f.route(name), m, 2);
        }
        JsonNode actions = summary.path("actions");
        int k = 0;
        for (String l : end) {
            Matcher m = ACTION.matcher(l);
            if (m.matches() && k < actions.size()) {
                long[] e = cost(f, actions, k, summary.at("/parameters/rate").asLong());
                String who = "action " + (k + 1) + " ";
                audit.check(run, CONSOLE, "action cost", who + "lost", text(e, 0), m.group(1));
                audit.check(run, CONSOLE, "action cost", who + "duplicated", text(e, 1), m.group(2));
                audit.check(run, CONSOLE, "action cost", who + "out of order", text(e, 2), m.group(3));
                audit.check(run, CONSOLE, "action cost", who + "outage", text(e, 3), millis(m.group(4)));
                audit.check(run, CONSOLE, "action cost", who + "recovery", text(e, 4), millis(m.group(5)));
                audit.check(run, CONSOLE, "action cost", who + "stops", text(e, 5), m.group(6));
                audit.check(run, CONSOLE, "action cost", who + "last resume", text(e, 6), millis(m.group(7)));
                k++;
            }
        }
        for (String l : end) {
            Matcher m = CHECK.matcher(l);
            if (m.matches()) {
                criterion(run, CONSOLE, m.group(2), m.group(3), f, summary);
                continue;
            }
            m = UNJUDGED.matcher(l);
            if (m.matches()) {
                unjudged(run, CONSOLE, m.group(1), m.group(2), f, summary);
            }
        }
        for (String l : lines) {
            Matcher m = END.matcher(l);
            if (m.matches() && f.peers.containsKey(m.group(1))) {
                endText(run, CONSOLE, f, f.peers.get(m.group(1)), m.group(2));
            }
        }
    }

    /** A "total: ..." or "route NAME (...): ..." line, whose figures start at group {@code first}. */
    private void figuresLine(String run, String who, IndependentFigures.Sums e, Matcher m, int first) {
        String[] names = {"sent", "received", "lost", "duplicated", "out of order", "send rate", "receive rate",
                "response time p50", "response time p99", "response time p99.9", "response time max", "send delay p99"};
        String[] kinds = {"messages", "messages", "loss and order", "loss and order", "loss and order", "rate", "rate",
                "latency", "latency", "latency", "latency", "latency"};
        String[] expected = {e.sent(), e.received(), e.lost(), e.duplicated(), e.outOfOrder(), e.sendRate(), e.receiveRate(),
                e.response(50), e.response(99), e.response(99.9), e.response(100), e.delay(99)};
        for (int i = 0; i < names.length; i++) {
            audit.check(run, CONSOLE, kinds[i], who + names[i], expected[i], m == null ? "(not shown)" : m.group(i + first));
        }
    }

    /**
     * A peer's own end line (its NOTIFY_SUCCESS text, on the console and in junit.xml's system-out): it labels its rate
     * "after warm-up" like the summary's, so it must be the same figure.
     */
    private void endText(String run, String surface, IndependentFigures f, IndependentFigures.Peer p, String text) {
        String who = p.name() + " (its end line) ";
        Matcher m = (p.sender() ? SENDER_END : RECEIVER_END).matcher(text);
        if (!m.matches()) {
            return; // it failed, or ended otherwise: no figures in it
        }
        audit.check(run, surface, "messages", who + "messages", f.messages(p), m.group(1));
        if (p.sender()) {
            audit.check(run, surface, "rate", who + "msg/s after warm-up", f.rate(p), m.group(2));
            audit.check(run, surface, "latency", who + "send delay p99", p.delay().ms(99), orUnknown(m.group(3)));
        } else {
            audit.check(run, surface, "loss and order", who + "duplicated", Long.toString(p.duplicated()), m.group(2));
            audit.check(run, surface, "loss and order", who + "out of order", Long.toString(p.outOfOrder()), m.group(3));
            audit.check(run, surface, "latency", who + "response time p50", p.response().ms(50), orUnknown(m.group(4)));
            audit.check(run, surface, "latency", who + "response time p99", p.response().ms(99), orUnknown(m.group(5)));
            audit.check(run, surface, "latency", who + "response time max", p.response().ms(100), orUnknown(m.group(6)));
            audit.check(run, surface, "latency", who + "service time p99", p.service().ms(99), orUnknown(m.group(7)));
        }
    }

    /** A judged criterion's measured value, as the console or junit.xml shows it. */
    private void criterion(String run, String surface, String criterion, String measured, IndependentFigures f, JsonNode summary) {
        String expected = expectedMeasure(criterion, f, summary);
        if (expected != null) {
            audit.check(run, surface, "criterion measured", criterion, expected, measured);
        }
    }

    /**
     * A criterion not evaluated: when its figure is unknown that is right; an interrupted run's keeps what it measured;
     * one unjudged because a sender never got on schedule is a rule, not a figure.
     */
    private void unjudged(String run, String surface, String criterion, String why, IndependentFigures f, JsonNode summary) {
        String expected = expectedMeasure(criterion, f, summary);
        if (expected == null || why.contains("never got on schedule")) {
            return;
        }
        Matcher over = Pattern.compile("\\(measured (.+) over the part that ran\\)").matcher(why);
        String shown = over.find() ? over.group(1) : "not evaluated";
        audit.check(run, surface, "criterion measured", criterion, expected.startsWith(UNKNOWN) ? "not evaluated" : expected, shown);
    }

    /** What a criterion measures, by its definition, as the checks print it; null for one this audit does not know. */
    private static String expectedMeasure(String criterion, IndependentFigures f, JsonNode summary) {
        IndependentFigures.Sums t = f.totals();
        Matcher m = LATENCY_CRITERION.matcher(criterion);
        if (m.matches()) {
            double q = m.group(1) == null ? 100 : Double.parseDouble(m.group(1));
            String v = m.group(2).equals("latency") ? t.response(q) : t.delay(q);
            return v.equals(UNKNOWN) ? UNKNOWN : v + " ms";
        }
        if (criterion.startsWith("rate")) {
            if (t.sendRate().equals(UNKNOWN) || t.receiveRate().equals(UNKNOWN)) {
                return UNKNOWN;
            }
            double achieved = Math.min(Double.parseDouble(t.sendRate()), Double.parseDouble(t.receiveRate()));
            long target = summary.at("/parameters/rate").asLong();
            return criterion.contains("%") ? String.format(Locale.ROOT, "%.1f %% (%.1f of %d msg/s)", 100.0 * achieved / target,
                    achieved, target) : String.format(Locale.ROOT, "%.1f msg/s", achieved);
        }
        if (criterion.startsWith("loss")) {
            return t.lost().equals(UNKNOWN) ? UNKNOWN : t.lost() + " message(s)";
        }
        return null;
    }

    // ---------------------------------------------------------------- junit.xml

    /** junit.xml: a broken criterion's measured value in its failure, each peer's end line in its system-out. */
    void junit(String run, Path junit, IndependentFigures f, JsonNode summary) throws Exception {
        Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(junit.toFile()).getDocumentElement();
        NodeList cases = suite.getElementsByTagName("testcase");
        for (int i = 0; i < cases.getLength(); i++) {
            Element c = (Element) cases.item(i);
            String name = c.getAttribute("name");
            NodeList failure = c.getElementsByTagName("failure");
            NodeList skipped = c.getElementsByTagName("skipped");
            if (c.getAttribute("classname").endsWith(".criteria")) {
                if (failure.getLength() > 0) {
                    String message = ((Element) failure.item(0)).getAttribute("message");
                    Matcher m = Pattern.compile("^" + Pattern.quote(name) + ": measured (.+), bound .+$").matcher(message);
                    if (m.matches()) {
                        criterion(run, JUNIT, name, m.group(1), f, summary);
                    }
                } else if (skipped.getLength() > 0) {
                    String message = ((Element) skipped.item(0)).getAttribute("message");
                    unjudged(run, JUNIT, name, message.substring(Math.min(message.length(), name.length() + 2)), f, summary);
                }
            } else if (c.getAttribute("classname").endsWith(".peers")) {
                NodeList out = c.getElementsByTagName("system-out");
                String[] words = name.split(" ");
                IndependentFigures.Peer p = words.length > 1 ? f.peers.get(words[1]) : null;
                if (p != null && out.getLength() > 0 && p.collected()) {
                    endText(run, JUNIT, f, p, out.item(0).getTextContent().lines().findFirst().orElse(""));
                }
            }
        }
    }

    // ---------------------------------------------------------------- report.html

    /** report.html's data: its copy of the summary, each HDR log's figures, each rate log's count and per-second chart. */
    void report(String run, JsonNode data, IndependentFigures f) throws Exception {
        summary(run, REPORT, data.path("summary"), f);
        for (JsonNode n : data.path("peers")) {
            IndependentFigures.Peer p = f.peers.get(n.path("name").asText());
            if (p != null && p.collected()) {
                audit.check(run, REPORT, "warm-up", p.name() + " peers[].warmupSeconds", String.format(Locale.ROOT, "%.6f",
                        p.warmupMicros() / 1e6), String.format(Locale.ROOT, "%.6f", n.path("warmupSeconds").asDouble()));
            }
        }
        actions(run, REPORT, data.path("summary"), f);
        for (JsonNode l : data.path("latency")) {
            IndependentFigures.Peer p = f.peers.get(l.path("peer").asText());
            int k = List.of(HDR_FILES).indexOf(l.path("file").asText());
            if (p == null || k < 0) {
                continue;
            }
            IndependentFigures.Lat e = k == 0 ? p.response() : k == 1 ? p.service() : p.delay();
            String who = p.name() + " " + HDR_FILES[k] + " ";
            audit.check(run, REPORT, "latency count", who + "count", e.count(), count(l.path("count")));
            for (int i = 0; i < QS.length; i++) {
                audit.check(run, REPORT, "latency", who + Q_FIELDS[i], e.ms(QS[i]), ms(l.path(Q_FIELDS[i])));
            }
        }
        for (JsonNode c : data.path("rateLogs")) {
            IndependentFigures.Peer p = f.peers.get(c.path("peer").asText());
            if (p != null) {
                audit.check(run, REPORT, "messages", p.name() + " rate-log messages", f.messages(p), count(c.path("messages")));
            }
        }
        int width = data.path("bucketSeconds").asInt(1);
        long origin = f.loadOriginMicros(micros(data.at("/summary/start").asText()));
        for (JsonNode chart : data.path("charts")) {
            String id = chart.path("id").asText();
            if (!id.equals("throughput-sent") && !id.equals("throughput-received")) {
                continue;
            }
            for (JsonNode series : chart.path("series")) {
                IndependentFigures.Peer p = f.peers.get(series.path("label").asText());
                if (p == null) {
                    continue;
                }
                Map<Long, Long> buckets = IndependentFigures.perBucket(p, origin, width);
                long first = buckets.keySet().stream().min(Long::compare).orElse(0L);
                long last = buckets.keySet().stream().max(Long::compare).orElse(-1L);
                audit.check(run, REPORT, "msg/s per second", p.name() + " " + id + " points", Long.toString(last - first + 1),
                        Integer.toString(series.path("y").size()));
                for (int i = 0; i < series.path("x").size(); i++) {
                    long b = Math.round(series.path("x").get(i).asDouble() / width);
                    audit.check(run, REPORT, "msg/s per second", p.name() + " " + id + " at " + b * width + " s",
                            String.format(Locale.ROOT, "%.3f", buckets.getOrDefault(b, 0L) / (double) width),
                            String.format(Locale.ROOT, "%.3f", series.path("y").get(i).asDouble()));
                }
            }
        }
    }

    // ---------------------------------------------------------------- runs index, comparison.json

    /** The runs index's row of this run: sent, received, lost, receive rate, response time p99 and max. */
    void indexRow(String run, JsonNode index, String dir, IndependentFigures.Sums e) {
        JsonNode row = null;
        for (JsonNode r : index.at("/index/runs")) {
            if (r.path("dir").asText().equals(dir)) {
                row = r;
            }
        }
        if (row == null) {
            audit.check(run, INDEX, "messages", "the run's row", dir, "(not listed)");
            return;
        }
        audit.check(run, INDEX, "messages", "sent", e.sent(), count(row.path("sent")));
        audit.check(run, INDEX, "messages", "received", e.received(), count(row.path("received")));
        audit.check(run, INDEX, "loss and order", "lost", e.lost(), count(row.path("lost")));
        audit.check(run, INDEX, "rate", "receive rate", e.receiveRate(), rate(row.path("receiveRate")));
        audit.check(run, INDEX, "latency", "response time p99", e.response(99), ms(row.path("p99")));
        audit.check(run, INDEX, "latency", "response time max", e.response(100), ms(row.path("max")));
    }

    /** An incremental run's index row: the figures of its last passing step. */
    void incrementalIndexRow(String run, JsonNode index, String dir, String sustainableRate, IndependentFigures.Sums step) {
        for (JsonNode r : index.at("/index/runs")) {
            if (r.path("dir").asText().equals(dir)) {
                audit.check(run, INDEX, "rate", "sustainable rate", sustainableRate, count(r.path("sustainableRate")));
                audit.check(run, INDEX, "rate", "receive rate", step == null ? UNKNOWN : step.receiveRate(), rate(r.path("receiveRate")));
                audit.check(run, INDEX, "latency", "response time p99", step == null ? UNKNOWN : step.response(99), ms(r.path("p99")));
                return;
            }
        }
        audit.check(run, INDEX, "messages", "the run's row", dir, "(not listed)");
    }

    /** comparison.json: each metric's value (this run's) and baseline against each run's own files. */
    void comparison(String run, JsonNode c, IndependentFigures candidate, IndependentFigures baseline, JsonNode candidateSummary,
                    JsonNode baselineSummary) throws Exception {
        for (JsonNode m : c.path("metrics")) {
            String name = m.path("metric").asText();
            String route = null;
            Matcher r = Pattern.compile("^route (\\S+): (.+)$").matcher(name);
            if (r.matches()) {
                route = r.group(1);
                name = r.group(2);
            }
            String unit = m.path("unit").asText();
            for (boolean mine : new boolean[] {true, false}) {
                IndependentFigures f = mine ? candidate : baseline;
                String expected = metric(name, route == null ? f.totals() : f.route(route), f, mine ? candidateSummary : baselineSummary);
                if (expected == null) {
                    continue;
                }
                JsonNode v = m.path(mine ? "value" : "baseline");
                String shown = unit.equals("msg/s") ? rate(v) : unit.equals("ms") ? ms(v) : count(v);
                // comparison.json prints six significant digits: the figure, rounded so, must be what it shows.
                expected = expected.equals(UNKNOWN) || !unit.equals("ms") ? expected : String.format(Locale.ROOT, "%.3f",
                        new java.math.BigDecimal(Double.parseDouble(expected)).round(new java.math.MathContext(6)).doubleValue());
                String kind = unit.equals("msg/s") ? "rate" : unit.equals("ms") ? (name.startsWith("outage") ? "action cost" : "latency")
                        : "loss and order";
                audit.check(run, COMPARISON, kind, m.path("metric").asText() + (mine ? " value" : " baseline"), expected, shown);
            }
        }
    }

    private static String metric(String name, IndependentFigures.Sums t, IndependentFigures f, JsonNode summary) throws Exception {
        Matcher outage = Pattern.compile("^outage after action (\\d+) .*").matcher(name);
        if (outage.matches()) {
            long[] e = cost(f, summary.path("actions"), Integer.parseInt(outage.group(1)) - 1, summary.at("/parameters/rate").asLong());
            return e == null ? UNKNOWN : e[3] + ".000";
        }
        Matcher lat = Pattern.compile("^(response time|service time|send delay) (p50|p90|p99|p99\\.9|max)$").matcher(name);
        if (lat.matches()) {
            double q = lat.group(2).equals("max") ? 100 : Double.parseDouble(lat.group(2).substring(1));
            return switch (lat.group(1)) {
                case "response time" -> t.response(q);
                case "service time" -> t.service(q);
                default -> t.delay(q);
            };
        }
        return switch (name) {
            case "receive rate" -> t.receiveRate();
            case "send rate" -> t.sendRate();
            case "lost" -> t.lost();
            case "duplicated" -> t.duplicated();
            case "out of order" -> t.outOfOrder();
            default -> null;
        };
    }

    // ---------------------------------------------------------------- text at the printed precision

    private static String count(JsonNode n) {
        return n.isNumber() ? Long.toString(n.asLong()) : UNKNOWN;
    }

    private static String rate(JsonNode n) {
        return n.isNumber() ? String.format(Locale.ROOT, "%.1f", n.asDouble()) : UNKNOWN;
    }

    private static String ms(JsonNode n) {
        return n.isNumber() ? String.format(Locale.ROOT, "%.3f", n.asDouble()) : UNKNOWN;
    }

    /** A sender's actual warm-up (its test.json), in seconds as shown. */
    private static String warmup(IndependentFigures.Peer p) {
        return String.format(Locale.ROOT, "%.1f", Math.round(p.warmupMicros() / 1e5) / 10.0);
    }

    private static String orUnknown(String group) {
        return group == null ? UNKNOWN : group;
    }

    private static String at(String[] v, int i) {
        return i < v.length ? v[i] : "(blank)";
    }

    private static String text(long[] cost, int i) {
        return cost == null ? UNKNOWN : Long.toString(cost[i]);
    }

    /** "812 ms" as 812; "the flow did not resume within the test" / "not within the test" as -1. */
    private static String millis(String shown) {
        Matcher m = Pattern.compile("^(-?\\d+) ms$").matcher(shown);
        return m.matches() ? m.group(1) : shown.contains("not") ? "-1" : shown;
    }

    private static Matcher find(List<String> lines, Pattern p) {
        for (String l : lines) {
            Matcher m = p.matcher(l);
            if (m.matches()) {
                return m;
            }
        }
        return null;
    }

    static long micros(String iso) {
        Instant t = Instant.parse(iso);
        return t.getEpochSecond() * 1_000_000L + t.getNano() / 1_000;
    }
}
