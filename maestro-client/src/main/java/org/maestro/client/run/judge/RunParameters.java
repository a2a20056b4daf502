package org.maestro.client.run.judge;

import org.maestro.common.note.TestOptions;
import org.maestro.client.plan.Criterion;
import org.maestro.client.plan.RouteSettings;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.runfiles.DeliveryMode;
import org.maestro.common.util.Passwords;
import org.maestro.results.LoadParameters;
import org.maestro.worker.driver.SutUrl;

import java.util.LinkedHashMap;
import java.util.Map;

/** summary.json's parameters: what the test asked for (its routes, rate, duration, size...), passwords redacted. */
final class RunParameters {
    private RunParameters() {
    }

    static Map<String, Object> of(TestPlan plan) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put(LoadParameters.ROUTES, plan.effectiveRoutes().stream().map(RunParameters::route).toList());
        p.put(LoadParameters.RATE, plan.targetRate().perSecond());
        p.put(LoadParameters.DURATION, plan.duration().toString());
        p.put(LoadParameters.WARMUP, plan.warmup());
        p.put(LoadParameters.MESSAGE_SIZE, plan.messageSize().toString());
        p.put(LoadParameters.CONNECTIONS, plan.connections());
        p.put("criteria", plan.criteria().stream().map(Criterion::text).toList());
        if (plan.latency().roundTrip()) {
            p.put(TestOptions.LATENCY, plan.latency().toString());
        }
        if (plan.incremental() != null) {
            p.put("incremental", plan.incremental());
        }
        if (!plan.inspectors().isEmpty()) {
            p.put("inspectors", plan.inspectors().stream().map(i -> Map.of("type", i.type(), "url", Passwords.redact(i.url()))).toList());
        }
        return p;
    }

    /** A route's parameters: its URLs and peers, and each setting it sets for itself (the test's are beside). */
    private static Map<String, Object> route(TestPlan.Route r) {
        Map<String, Object> p = new LinkedHashMap<>(Map.of("group", r.name(), "sendUrl", Passwords.redact(r.sendUrl()),
                "receiveUrl", Passwords.redact(r.receiveUrl()), "senders", r.senders(), "receivers", r.receivers()));
        RouteSettings own = r.settings();
        if (own.rate() != null) {
            p.put("rate", own.rate().perSecond());
        }
        if (own.messageSize() != null) {
            p.put(LoadParameters.MESSAGE_SIZE, own.messageSize().toString());
        }
        if (own.connections() != null) {
            p.put("connections", own.connections());
        }
        if (own.duration() != null) {
            p.put("duration", own.duration().toString());
        }
        if (r.sendUrl() != null) {
            // The delivery mode as the senders' parser reads it from their URL: what their counts mean.
            p.put(DeliveryMode.URL_OPTION, SutUrl.parse(r.sendUrl()).delivery().word());
        }
        if (own.receiverStartAfterMillis() != null) {
            p.put("receiverStartAfterMillis", own.receiverStartAfterMillis());
        }
        if (own.senderStartAfterMillis() != null) {
            p.put("senderStartAfterMillis", own.senderStartAfterMillis());
        }
        if (own.stages() != null) {
            p.put("stages", own.stages().toString());
        }
        if (own.latency() != null) {
            p.put(TestOptions.LATENCY, own.latency().toString());
        }
        return p;
    }
}
