package org.maestro.client.local;

import org.maestro.client.topology.Node;
import org.maestro.client.topology.TopologyPicture;
import org.maestro.common.router.RouterKind;
import org.maestro.common.runfiles.RunTopology;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.client.topology.Topology;
import org.maestro.client.topology.TopologyDescription;
import org.maestro.client.plan.TestPlan;
import org.maestro.client.artemis.ArtemisDistribution;
import org.maestro.common.dataserver.DataServer;
import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.note.Role;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.DataTokenAnswer;
import org.maestro.common.peer.PeerConfig;
import org.maestro.common.util.LoopbackPorts;
import org.maestro.common.util.Trees;
import org.maestro.agent.AgentHandler;
import org.maestro.agent.AgentSettings;
import org.maestro.agent.source.SourceAllowlist;
import org.maestro.inspector.InspectorHandler;
import org.maestro.worker.HeapHeadroom;
import org.maestro.worker.WorkerHandler;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import org.maestro.client.run.Console;
import org.maestro.client.run.TestCannotRun;
import org.maestro.client.run.TestExecutor;

/**
 * The whole cluster in this process, for one machine: an embedded MQTT broker, the plan's sender,
 * receiver, inspector and agent peers, their data server (one token, which each peer tells as its own), and, when the plan names no SUT, one:
 * an embedded Artemis speaking AMQP, core and OpenWire (a route's {@code protocol:} picks its URL's), or, for a plan with an
 * agent (fault injection, which needs a broker process to restart), the standalone Artemis ({@link LocalArtemis}), whose instance directory the agent's
 * handlers get as the SET option {@value #INSTANCE_OPTION}. An agent without a handler source takes the
 * script's {@code handlers/} directory, made into a git repository; it may fetch only that source.
 * Everything lives in one temporary directory, deleted by {@link #close()}.
 */
public final class LocalCluster implements AutoCloseable, TestExecutor.RunFiles {
    /** The SET option restart-broker.sh and stop-broker-for.sh read when given no instance argument. */
    static final String INSTANCE_OPTION = "artemis.instance";
    /** The agent options the router handlers read (lib/qdrouterd.sh): each router's agent has its router's own. */
    static final String ROUTER_CONF_OPTION = "router.conf";
    static final String ROUTER_BINARY_OPTION = "router.binary";
    static final String ROUTER_NAME_OPTION = "router.name";
    /** Which router that is, for the handlers' words and the agent's system.json: its kind's word and its version. */
    static final String ROUTER_KIND_OPTION = "router.kind";
    static final String ROUTER_VERSION_OPTION = "router.version";
    /** The group of the agents beside the routers of a topology: an action with {@code group: 'routers'} runs on each. */
    static final String ROUTERS_GROUP = "routers";

    private final Path work;
    private final List<Peer> peers = new ArrayList<>();
    private EmbeddedBroker control;
    private EmbeddedBroker embeddedSut;
    private LocalArtemis standaloneSut;
    private LocalRouters routers;
    /** The brokers of a topology's broker nodes, one embedded Artemis each, on free loopback ports. */
    private final List<EmbeddedBroker> topologyBrokers = new ArrayList<>();
    /** Whether an agent runs beside each router, named after it. */
    private boolean routerAgents;
    /** How long the routers of a topology may take to have their routes up: a hang's bound, not the expected time. */
    private static final Duration ROUTERS_READY_WITHIN = Duration.ofSeconds(60);
    /** The SUT's URL of a queue for the receivers, when they receive elsewhere than the senders send (a topology). */
    private BiFunction<String, String, String> receiveUrl;
    /** The SUT's URL of a queue in a protocol: (scheme, queue) to URL. */
    private BiFunction<String, String, String> sutUrl;
    private String sutDescription;
    private String handlerSource;
    private DataServer dataServer;
    /** The plan's inspectors as peers, those of a router (router: 'router-2' or 'all') pointed at its management. */
    private List<RouterInspectors.Named> inspectors = List.of();

    private LocalCluster() throws IOException {
        work = Files.createTempDirectory("maestro-local-");
    }

    /**
     * Starts the cluster {@code plan} needs.
     *
     * @param handlers the directory whose handlers an agent without a source takes (the script's handlers/); null if none
     * @throws TestCannotRun when the plan needs what this machine cannot give, naming the -P that would give it
     */
    public static LocalCluster start(TestPlan plan, Path handlers, Console console) throws Exception {
        LocalCluster cluster = new LocalCluster();
        try {
            cluster.startParts(plan, handlers, console);
            return cluster;
        } catch (Exception | Error e) {
            cluster.close();
            throw e;
        }
    }

    private void startParts(TestPlan plan, Path handlers, Console console) throws Exception {
        TestPlan.AgentPlan agent = plan.agent();
        LocalPlanRefusals.checkAgentGroups(plan);
        if (plan.topology() != null) {
            startRouters(plan, console); // first: a router that cannot be found or started is said before anything else
        }
        LocalPlanRefusals.checkAgentSut(plan);
        if (agent != null) {
            handlerSource = agent.sourceUrl() != null ? agent.sourceUrl() : handlerRepository(handlers, console);
        }
        try {
            inspectors = RouterInspectors.expand(plan.inspectors(), routers == null ? null : routers.topology(),
                    routers == null ? r -> r : routers::managementUrl);
        } catch (IllegalArgumentException e) {
            throw new TestCannotRun(e.getMessage());
        }
        control = EmbeddedBroker.startMqtt();
        if (routers == null && plan.lacksSut() && agent != null) {
            console.line("local SUT: starting a standalone ActiveMQ Artemis for the agent to restart...");
            standaloneSut = LocalArtemis.start(ArtemisDistribution.standard(), work.resolve("artemis"));
            console.line("local SUT: %s (%s)", standaloneSut.describe(), standaloneSut.howStarted());
            sutUrl = (scheme, queue) -> standaloneSut.url(queue);
            sutDescription = standaloneSut.describe();
        } else if (routers == null && plan.lacksSut()) {
            String protocols = String.join(",", TestPlan.Route.LOCAL_SCHEMES).toUpperCase(Locale.ROOT);
            embeddedSut = EmbeddedBroker.start(LoopbackPorts.free(), protocols);
            sutUrl = (scheme, queue) -> scheme + "://127.0.0.1:" + embeddedSut.port() + "/" + queue;
            sutDescription = EmbeddedBroker.PRODUCT + " (" + protocols + ", non-persistent, in the client's JVM)";
        }
        Path dataDir = Files.createDirectories(work.resolve("data"));
        dataServer = DataServer.start(dataDir, "127.0.0.1", 0);
        String url = dataServer.url().toString();
        if (agent != null) {
            // A local agent may fetch only the scenario's own handler source.
            Path agentWork = Files.createDirectories(work.resolve("agent-work"));
            if (routers != null) {
                startRouterAgents(dataDir, url, agentWork);
            } else {
                AgentSettings settings = AgentSettings.of(dataDir, agentWork, SourceAllowlist.of(List.of(handlerSource), agentWork), url);
                peers.add(new Peer(Peer.identity("agent-1", Role.AGENT, ""), PeerConfig.of(control.mqttUrl()),
                        new DataTokenAnswer(dataServer.token(), new AgentHandler(settings))).start());
            }
        }
        for (RouterInspectors.Named inspector : inspectors) {
            peers.add(new Peer(Peer.identity(inspector.peer(), Role.INSPECTOR, ""), PeerConfig.of(control.mqttUrl()),
                    new DataTokenAnswer(dataServer.token(), new InspectorHandler(dataDir, url))).start());
        }
        HeapHeadroom.keep(); // the workers below load the SUT from this JVM
        for (TestPlan.Route route : plan.effectiveRoutes()) {
            String prefix = route.name().isEmpty() ? "" : route.name() + "-";
            for (int i = 1; i <= route.receivers(); i++) {
                peers.add(new Peer(Peer.identity(prefix + "receiver-" + i, Role.RECEIVER, route.name()),
                        PeerConfig.of(control.mqttUrl()),
                        new DataTokenAnswer(dataServer.token(), new WorkerHandler(dataDir, url))).start());
            }
            for (int i = 1; i <= route.senders(); i++) {
                peers.add(new Peer(Peer.identity(prefix + "sender-" + i, Role.SENDER, route.name()),
                        PeerConfig.of(control.mqttUrl()),
                        new DataTokenAnswer(dataServer.token(), new WorkerHandler(dataDir, url))).start());
            }
        }
    }

    /** The plan's topology of routers, on this machine, its senders to go to the first router, its receivers to the farthest. */
    private void startRouters(TestPlan plan, Console console) throws Exception {
        Topology topology = TopologyDescription.parse(plan.topology(), Path.of(""));
        RouterKind kind = LocalPlanRefusals.checkTopology(plan, topology);
        RouterBinary binary;
        try {
            binary = RouterBinary.find(kind);
        } catch (RouterBinary.NotFound e) {
            throw new TestCannotRun("topology '" + plan.topology() + "': " + e.getMessage());
        }
        topology = withLocalBrokers(topology, console);
        console.line("local SUT: starting the routers of %s with %s...", topology.description(), binary);
        routers = LocalRouters.start(topology, binary, work.resolve("routers"), ROUTERS_READY_WITHIN);
        List<String> ends = topology.ends();
        console.line("local SUT: %s routers up; senders on %s (%s), receivers on %s (%s)", topology.routers().size(),
                ends.get(0), routers.managementUrl(ends.get(0)), ends.get(1), routers.managementUrl(ends.get(1)));
        // With an agent restarting routers, workers reconnect as with the restarted broker (a router they are on may be the one).
        String reconnect = plan.agent() == null ? "" : "?" + LocalArtemis.RECONNECT;
        sutUrl = (scheme, queue) -> routers.amqpUrl(ends.get(0), queue) + reconnect;
        receiveUrl = (scheme, queue) -> routers.amqpUrl(ends.get(1), queue) + reconnect;
        sutDescription = "router topology '" + topology.description() + "' (" + topology.routers().size() + " routers"
                + (topologyBrokers.isEmpty() ? "" : " and " + topologyBrokers.size() + " " + EmbeddedBroker.PRODUCT)
                + " on this machine, " + binary.describe() + ", " + binary.executable() + ")";
    }

    /**
     * The topology with each broker node an embedded ActiveMQ Artemis (AMQP, anonymous, non-persistent) started here on
     * a free loopback port, where the routers beside it connect: the port its description gives is a lab's.
     */
    private Topology withLocalBrokers(Topology topology, Console console) {
        List<Node> nodes = new ArrayList<>();
        for (Node n : topology.nodes()) {
            if (n instanceof Node.Broker b) {
                EmbeddedBroker broker = EmbeddedBroker.start(LoopbackPorts.free(), "AMQP");
                topologyBrokers.add(broker);
                console.line("local SUT: broker %s: %s (AMQP, non-persistent) on %s:%d, %s %s", b.name(), EmbeddedBroker.PRODUCT,
                        Node.LOOPBACK, broker.port(), b.attach().word(), b.addresses());
                nodes.add(new Node.Broker(b.name(), Node.LOOPBACK, broker.port(), b.addresses(), b.attach()));
            } else {
                nodes.add(n);
            }
        }
        return topologyBrokers.isEmpty() ? topology
                : new Topology(topology.description(), nodes, topology.links(), topology.router());
    }

    /**
     * Why action {@code a} has no agent beside the routers {@code routerNames} of topology {@code topology} to run it, or
     * null when it has: the script refuses it on its line when the topology comes first, --local before any router starts.
     */
    public static String routerAgentRefusal(String topology, TestPlan.Action a, List<String> routerNames) {
        return LocalPlanRefusals.routerAgentRefusal(topology, a, routerNames);
    }

    /** The agent beside each router of the topology, named after it, knowing its router (the options its handlers read). */
    private void startRouterAgents(Path dataDir, String url, Path agentWork) throws Exception {
        routerAgents = true;
        for (Node.Router r : routers.topology().routers()) {
            Path work = Files.createDirectories(agentWork.resolve(r.name()));
            AgentSettings settings = AgentSettings.of(dataDir, work, SourceAllowlist.of(List.of(handlerSource), work), url)
                    .withOwnOptions(Map.of(ROUTER_NAME_OPTION, r.name(),
                            ROUTER_CONF_OPTION, routers.confOf(r.name()).toString(),
                            ROUTER_BINARY_OPTION, routers.binary().executable().toString(),
                            ROUTER_KIND_OPTION, routers.binary().kind().word(),
                            ROUTER_VERSION_OPTION, routers.binary().version()));
            peers.add(new Peer(Peer.identity(r.name(), Role.AGENT, ROUTERS_GROUP), PeerConfig.of(control.mqttUrl()),
                    new DataTokenAnswer(dataServer.token(), new AgentHandler(settings))).start());
        }
    }

    /** The script's handlers/ committed into a git repository in this cluster's directory; its file:// URL. */
    private String handlerRepository(Path handlers, Console console) throws IOException, TestCannotRun {
        if (handlers == null || !Files.isDirectory(handlers)) {
            throw new TestCannotRun("-P handlers=… : the agent's handler source is not given, and there is no handlers/"
                    + " directory beside the script" + (handlers == null ? "" : " (" + handlers.toAbsolutePath().normalize() + ")")
                    + " to take instead: give a git URL of handlers, e.g. of test-scripts/handlers");
        }
        Path repo = HandlerRepository.commit(handlers, work.resolve("handlers.git"));
        console.line("local agent: handlers of %s, as the git repository %s", handlers.toAbsolutePath().normalize(), repo);
        return repo.toUri().toString();
    }

    /** The queue --local gives the route {@code route} (by its name; "" for a test of one route). */
    static String localQueue(String route) {
        return route.isEmpty() ? "maestro.local" : "maestro.local." + route;
    }

    public BrokerUrl controlUrl() {
        return control.mqttUrl();
    }

    /**
     * The plan with what this cluster provides filled in: the SUT's URL when it named none (routes get queues
     * of their own), the agent's handler source when it gave none, and the standalone instance for restart handlers.
     */
    public TestPlan complete(TestPlan plan) {
        TestPlan done = plan;
        if (sutUrl != null) {
            BiFunction<String, String, String> receive = receiveUrl == null ? sutUrl : receiveUrl;
            done = done.withSut((route, scheme) -> sutUrl.apply(scheme, localQueue(route)),
                    (route, scheme) -> receive.apply(scheme, localQueue(route)), sutDescription);
        }
        if (routers != null) {
            done = done.withInspectors(inspectors.stream().map(RouterInspectors.Named::spec).toList());
        }
        if (done.agent() != null) {
            TestPlan.AgentPlan agent = done.agent().withSource(handlerSource);
            if (standaloneSut != null) {
                agent = agent.withOption(INSTANCE_OPTION, standaloneSut.instance().toString());
            }
            done = done.withAgent(agent);
        }
        return done;
    }

    /**
     * Writes the topology of routers it started, if any, into {@code runDir} (topology.json and its picture), for the
     * report: once, as the run begins.
     */
    public void writeTopology(Path runDir) throws IOException {
        if (routers == null) {
            return;
        }
        Topology t = routers.topology();
        List<RunTopology.Node> nodes = t.nodes().stream().map(n -> n instanceof Node.Broker b
                ? new RunTopology.Node(b.name(), RunTopology.BROKER, "amqp://" + b.host() + ":" + b.port())
                : new RunTopology.Node(n.name(), ((Node.Router) n).edge() ? RunTopology.EDGE_ROUTER : RunTopology.ROUTER,
                routers.managementUrl(n.name()), routerAgents ? n.name() : null)).toList();
        List<RunTopology.Link> links = t.links().stream().map(l -> new RunTopology.Link(l.from(), l.to(), l.cost())).toList();
        List<String> ends = t.ends();
        new RunTopology(t.description(), nodes, links, ends.get(0), ends.get(1), routers.binary().describe())
                .write(runDir, TopologyPicture.svg(t));
    }

    @Override
    public void writeInto(Path runDir) throws IOException {
        writeTopology(runDir);
    }

    /**
     * Keeps the log of each router it started in the run directory ({@link RunLayout#routerLog}), as it stands now, at the
     * end of the test: the routers' temporary directory is deleted when the client ends.
     */
    @Override
    public void writeAtEnd(Path runDir) throws IOException {
        if (routers == null) {
            return;
        }
        for (Node router : routers.topology().routers()) {
            Path log = routers.logOf(router.name());
            if (Files.isRegularFile(log)) {
                Path kept = runDir.resolve(RunLayout.routerLog(router.name()));
                Files.createDirectories(kept.getParent());
                Files.copy(log, kept, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** Stops everything it started (the standalone broker too, however often a handler restarted it) and deletes its files. */
    @Override
    public void close() throws IOException {
        peers.forEach(Peer::close);
        try {
            if (dataServer != null) {
                dataServer.close();
            }
            if (embeddedSut != null) {
                embeddedSut.close();
            }
            if (standaloneSut != null) {
                standaloneSut.close();
            }
            // The brokers first: stopped while the routers' connections are up, Artemis closes them itself; stopped after
            // the routers, it may still be cleaning up their sessions when it stops (AMQ224048 with a stack trace).
            topologyBrokers.forEach(EmbeddedBroker::close);
            if (routers != null) {
                routers.close();
            }
            if (control != null) {
                control.close();
            }
        } finally {
            Trees.delete(work);
        }
    }
}
