package org.maestro.client.run;

import org.maestro.client.local.EmbeddedBroker;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.dataserver.DataServer;
import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.note.Role;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerConfig;
import org.maestro.common.util.LoopbackPorts;
import org.maestro.agent.AgentHandler;
import org.maestro.agent.AgentSettings;
import org.maestro.agent.source.SourceAllowlist;
import org.maestro.inspector.InspectorHandler;
import org.maestro.worker.WorkerHandler;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The whole cluster in this process, for one machine: an embedded MQTT broker, the plan's sender,
 * receiver, inspector and agent peers (the agent allows only the scenario's handler source), their
 * data server, and, when the plan names no SUT, an embedded Artemis
 * speaking AMQP as the system under test.
 */
public final class LocalCluster implements AutoCloseable {
    private final EmbeddedBroker control;
    private final EmbeddedBroker sut;
    private final String sutUrl;
    private final DataServer dataServer;
    private final Path dataDir;
    private final List<Peer> peers = new ArrayList<>();

    private LocalCluster(TestPlan plan) throws Exception {
        control = EmbeddedBroker.startMqtt();
        if (plan.lacksSut()) {
            sut = EmbeddedBroker.start(LoopbackPorts.free(), "AMQP,CORE");
            sutUrl = "amqp://127.0.0.1:" + sut.port() + "/maestro.local";
        } else {
            sut = null;
            sutUrl = null;
        }
        dataDir = Files.createTempDirectory("maestro-local-data-");
        dataServer = DataServer.start(dataDir, "127.0.0.1", 0);
        String url = dataServer.url().toString();
        if (plan.agent() != null) {
            // A local agent may fetch only the scenario's own handler source.
            Path work = Files.createDirectories(dataDir.resolve(".agent-work"));
            AgentSettings settings = AgentSettings.of(dataDir, work,
                    SourceAllowlist.of(java.util.List.of(plan.agent().sourceUrl()), work), url);
            peers.add(new Peer(Peer.identity("agent-1", Role.AGENT, ""), PeerConfig.of(control.mqttUrl()),
                    new AgentHandler(settings)).start());
        }
        for (int i = 1; i <= plan.inspectors().size(); i++) {
            peers.add(new Peer(Peer.identity("inspector-" + i, Role.INSPECTOR, ""), PeerConfig.of(control.mqttUrl()),
                    new InspectorHandler(dataDir, url)).start());
        }
        for (TestPlan.Route route : plan.effectiveRoutes()) {
            String prefix = route.group().isEmpty() ? "" : route.group() + "-";
            for (int i = 1; i <= route.receivers(); i++) {
                peers.add(new Peer(Peer.identity(prefix + "receiver-" + i, Role.RECEIVER, route.group()),
                        PeerConfig.of(control.mqttUrl()), new WorkerHandler(dataDir, url)).start());
            }
            for (int i = 1; i <= route.senders(); i++) {
                peers.add(new Peer(Peer.identity(prefix + "sender-" + i, Role.SENDER, route.group()),
                        PeerConfig.of(control.mqttUrl()), new WorkerHandler(dataDir, url)).start());
            }
        }
    }

    public static LocalCluster start(TestPlan plan) throws Exception {
        return new LocalCluster(plan);
    }

    public BrokerUrl controlUrl() {
        return control.mqttUrl();
    }

    /** The plan with the embedded SUT's URL filled in, when it named none. */
    public TestPlan complete(TestPlan plan) {
        if (sutUrl == null) {
            return plan;
        }
        return plan.withSut(group -> group.isEmpty() ? sutUrl : sutUrl + "." + group,
                "embedded ActiveMQ Artemis 2.55.0 (AMQP, non-persistent, in the client's JVM)");
    }

    @Override
    public void close() throws IOException {
        peers.forEach(Peer::close);
        dataServer.close();
        if (sut != null) {
            sut.close();
        }
        control.close();
        try (Stream<Path> files = Files.walk(dataDir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
