package org.maestro.client.run;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.runfiles.RunJson;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.units.TestDuration;
import org.maestro.common.units.UnitFormatException;
import org.maestro.common.util.Passwords;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code run.json}: what a run directory must hold from its first second for {@code maestro collect RUN_DIR} to
 * finish the run after its client was killed: the test id, the control broker (never its password), the plan
 * (its URLs' passwords masked: it only serves the summary) and, once discovered, the peers.
 *
 * @param broker the control broker as {@link #shown(BrokerUrl)}: {@code mqtt://user:***@host:1883} when it has a
 *               password, which {@code maestro collect} then needs again ({@code --broker} or MAESTRO_BROKER)
 */
public record RunRecord(String testId, String broker, String start, TestPlan plan, List<PeerInfo> peers) {
    private static final ObjectMapper JSON = RunJson.MAPPER.copy().registerModule(new SimpleModule("test-duration")
            .addSerializer(TestDuration.class, new StdSerializer<>(TestDuration.class) {
                @Override
                public void serialize(TestDuration d, JsonGenerator out, SerializerProvider provider) throws IOException {
                    out.writeString(d.toString());
                }
            })
            .addDeserializer(TestDuration.class, new JsonDeserializer<>() {
                @Override
                public TestDuration deserialize(JsonParser in, DeserializationContext context) throws IOException {
                    try {
                        return TestDuration.parse(in.getValueAsString());
                    } catch (UnitFormatException e) {
                        throw new IOException("run.json: duration: " + e.getMessage(), e);
                    }
                }
            }));

    /** The record of a run as it starts, with its plan's passwords masked. */
    static RunRecord starting(String testId, BrokerUrl broker, String start, TestPlan plan) {
        return new RunRecord(testId, shown(broker), start, masked(plan), List.of());
    }

    RunRecord withPeers(List<PeerInfo> discovered) {
        return new RunRecord(testId, broker, start, plan, List.copyOf(discovered));
    }

    /**
     * {@code plan} as run.json holds it, but with its passwords: for another JVM of this client that is to run it
     * (keep it in a SecretFile, which only its owner may read).
     */
    public static String planText(TestPlan plan) throws IOException {
        return JSON.writeValueAsString(plan);
    }

    /** The plan {@link #planText} wrote. */
    public static TestPlan plan(String text) throws IOException {
        return JSON.readValue(text, TestPlan.class);
    }

    /** Writes {@code <runDir>/run.json}. */
    void write(Path runDir) throws IOException {
        JSON.writeValue(runDir.resolve(RunLayout.RUN_JSON).toFile(), this);
    }

    /**
     * Reads {@code <runDir>/run.json}.
     *
     * @throws IOException naming the directory when it holds none, or the file when it does not read
     */
    public static RunRecord read(Path runDir) throws IOException {
        Path file = runDir.resolve(RunLayout.RUN_JSON);
        if (!Files.isRegularFile(file)) {
            throw new IOException(runDir + " holds no " + RunLayout.RUN_JSON + ", which names the test and its control broker:"
                    + " give them instead (maestro collect --broker URL --test-id ID)");
        }
        try {
            return JSON.readValue(file.toFile(), RunRecord.class);
        } catch (IOException e) {
            throw new IOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** Whether {@link #broker} lost a password on the way to the file, so it cannot be used as it is. */
    public boolean brokerNeedsPassword() {
        return broker.contains(":***@");
    }

    /**
     * The broker as a command may name it: {@code mqtt://user:***@host:1883} when it has a password (the user sees
     * that one must be given), else as it is.
     */
    public static String shown(BrokerUrl broker) {
        String text = broker.toString();
        if (broker.password().isEmpty() || broker.username().isEmpty()) {
            return text;
        }
        return text.replaceFirst("://" + Pattern.quote(broker.username()) + "@",
                Matcher.quoteReplacement("://" + broker.username() + ":***@"));
    }

    /** The command that fetches the peers' files later and writes the run's summary and pages. */
    public static String collectCommand(Path runDir, String broker) {
        return "maestro collect " + runDir + (broker.contains(":***@") ? " --broker " + broker + " (or MAESTRO_BROKER)" : "");
    }

    private static TestPlan masked(TestPlan p) {
        List<TestPlan.Route> routes = p.routes().stream().map(r -> r.withUrlsReplaced(mask(r.sendUrl()),
                mask(r.receiveUrl()))).toList();
        List<TestPlan.InspectorSpec> inspectors = p.inspectors().stream()
                .map(i -> new TestPlan.InspectorSpec(i.type(), mask(i.url()), mask(i.options()))).toList();
        TestPlan.AgentPlan agent = p.agent() == null ? null : new TestPlan.AgentPlan(mask(p.agent().sourceUrl()),
                p.agent().branch(), p.agent().actions(), mask(p.agent().options()));
        return p.toBuilder().sendUrl(mask(p.sendUrl())).receiveUrl(mask(p.receiveUrl())).routes(routes)
                .inspectors(inspectors)
                .agent(agent).build();
    }

    private static String mask(String url) {
        return url == null ? null : Passwords.redact(url);
    }

    /** Options given to a peer may carry URLs or secrets of their own (e.g. {@code inspector.password}). */
    private static Map<String, String> mask(Map<String, String> options) {
        Map<String, String> out = new LinkedHashMap<>();
        options.forEach((k, v) -> out.put(k, k.toLowerCase(Locale.ROOT).matches(".*(password|passwd|secret|token).*")
                ? "***" : Passwords.redact(v)));
        return out;
    }
}
