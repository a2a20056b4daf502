package org.maestro.reports.page;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.maestro.common.runfiles.HandlersCsv;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.reports.Json;
import org.maestro.reports.PeerDir;
import org.maestro.reports.RunDirectory;
import org.maestro.results.Summary;
import org.maestro.results.ActionResult;

/**
 * The report's markers on the time charts (part of {@link ReportData}): agent actions, control-plane interruptions
 * and failed peers, x in seconds from the origin.
 */
final class TimeMarkers {
    private final ArrayNode markers;
    private final long originMicros;

    TimeMarkers(ArrayNode markers, long originMicros) {
        this.markers = markers;
        this.originMicros = originMicros;
    }

    /** The agent's handler runs (the table) and a marker for each action. */
    void actions(RunDirectory run, ObjectNode root) throws IOException {
        ArrayNode actions = root.putArray("handlerRuns");
        List<ActionResult> summaryActions = run.summary.actions();
        for (ActionResult a : summaryActions) {
            long at = Json.epochMicros(a.start());
            if (at < 0) {
                at = originMicros + a.atMillis() * 1000;
            }
            // Which agent ran it and when it started, as the summary has them (the console's words).
            marker(at, "action", a.describe() + " -> " + a.outcome() + " (" + a.when() + ")");
        }
        for (PeerDir p : run.peers) {
            Path file = p.dir().resolve(PeerFiles.HANDLERS_CSV);
            if (!Files.isRegularFile(file)) {
                continue;
            }
            for (HandlersCsv.Row r : HandlersCsv.read(file)) {
                ObjectNode n = actions.addObject();
                n.put("peer", p.name());
                n.put("start", r.start());
                n.put("end", r.end());
                n.put("handler", r.handler());
                n.put("args", r.args());
                n.put("outcome", r.outcome());
                n.put("exitStatus", r.exitStatus());
                n.put("reason", r.reason());
                if (summaryActions.isEmpty()) {
                    long at = Json.epochMicros(Json.MAPPER.getNodeFactory().textNode(r.start()));
                    if (at >= 0) {
                        marker(at, "action", r.handler() + " " + r.args() + " -> " + r.outcome());
                    }
                }
            }
        }
    }

    /**
     * A failed peer is marked where its rate logs end (its last message), else at the end of the run; an interruption of
     * the control plane where it began.
     */
    void failures(RunDirectory run, Map<String, Long> lastActivityMicros) {
        for (Summary.Interruption i : run.summary.interruptions()) {
            marker(Json.epochMicros(i.from()), "interruption", "control plane: " + i.who() + " away"
                    + (i.millis() != null ? " for " + i.millis() + " ms" : ", not back within the run"));
        }
        for (PeerDir p : run.peers) {
            if (!p.ok()) {
                long at = lastActivityMicros.getOrDefault(p.name(), Json.epochMicros(run.summary.end()));
                marker(at, "failure", p.name() + " failed: " + Objects.requireNonNullElse(p.summary().end(), ""));
            }
        }
    }

    private void marker(long epochMicros, String kind, String label) {
        if (epochMicros < 0) {
            return;
        }
        ObjectNode m = markers.addObject();
        m.put("x", Json.round((epochMicros - originMicros) / 1e6));
        m.put("kind", kind);
        m.put("label", label);
    }
}
