package org.maestro.client.local;

import org.maestro.client.topology.Node;
import org.maestro.client.topology.PortPlan;
import org.maestro.client.topology.RouterConf;
import org.maestro.client.topology.Topology;
import org.maestro.client.topology.TopologyOutput;
import org.maestro.common.router.RouterKind;
import org.maestro.common.util.LoopbackPorts;
import org.maestro.inspector.InspectorException;
import org.maestro.inspector.amqp.AmqpManagementInspector;
import org.maestro.inspector.amqp.EntityQuery;
import org.maestro.inspector.amqp.ManagementUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The routers of a {@link Topology} as processes on this machine: each on free loopback ports, in its own directory
 * ({@code DIR/<router>/qdrouterd.conf}, its log {@code qdrouterd.log}, its standard output and error
 * {@code qdrouterd.out}; {@code skrouterd.*} for skupper-router). {@link #start} returns once, read through AMQP
 * management, every interior router's routing table lists every interior it can reach (the inter-router links are up
 * and the routes computed) and every edge router has its edge connection to an interior open; {@link #close} stops them
 * all, as does a shutdown hook if the JVM exits first, and a start that fails stops what it started. A router a handler
 * restarted (a new process of the same configuration file, {@link #confOf}) is stopped too.
 */
public final class LocalRouters implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LocalRouters.class);
    /** How long a router is given to end on SIGTERM before it is killed. */
    private static final Duration STOP_GRACE = Duration.ofSeconds(5);
    /** How long one management question may take while waiting for the routes. */
    private static final Duration ASK_TIMEOUT = Duration.ofSeconds(2);
    private static final long POLL_MILLIS = 200;
    /** Lines of a failed router's log shown in the error. */
    private static final int TAIL_LINES = 5;
    /** The management queries of the readiness check: an interior's routing table, an edge's connections. */
    private static final String NODES = "nodes";
    private static final String UPLINKS = "uplinks";

    private final Topology topology;
    private final RouterBinary binary;
    private final Path dir;
    private final PortPlan ports;
    private final Map<String, Process> processes = new LinkedHashMap<>();
    private final Thread shutdownHook = new Thread(this::stopAll, "LocalRouters shutdown");

    private LocalRouters(Topology topology, RouterBinary binary, Path dir, PortPlan ports) {
        this.topology = topology;
        this.binary = binary;
        this.dir = dir;
        this.ports = ports;
    }

    /**
     * Starts every router of {@code topology} under {@code dir} and waits until their routes are up.
     *
     * @throws IOException when a router cannot be started, dies, or its routes are not up within {@code readyWithin}:
     *                     the message names the router and ends with its log's last lines
     */
    public static LocalRouters start(Topology topology, RouterBinary binary, Path dir, Duration readyWithin)
            throws IOException, InterruptedException {
        LocalRouters routers = new LocalRouters(topology, binary, dir, PortPlan.free(topology));
        Runtime.getRuntime().addShutdownHook(routers.shutdownHook);
        try {
            routers.launch();
            routers.awaitRoutes(readyWithin);
            return routers;
        } catch (IOException | InterruptedException | RuntimeException e) {
            routers.close();
            throw e;
        }
    }

    private void launch() throws IOException {
        topology.checkRunsOn(binary.kind());
        for (Node.Router r : topology.routers()) {
            if (!Node.LOOPBACK.equals(r.host())) {
                throw new IOException("router " + r.name() + " of " + topology.description() + " is on " + r.host()
                        + ": routers started on this machine listen on " + Node.LOOPBACK);
            }
            Path home = dir.resolve(r.name());
            Files.createDirectories(home);
            Path conf = TopologyOutput.confOf(dir, r.name(), binary.kind());
            Files.writeString(conf, RouterConf.render(topology, ports, binary.kind(), r.name(), logOf(r.name()).toAbsolutePath()));
            Process p = new ProcessBuilder(binary.executable().toString(), "-c", conf.toAbsolutePath().toString())
                    .directory(home.toFile()).redirectErrorStream(true)
                    .redirectOutput(outOf(r.name()).toFile()).start();
            synchronized (this) { // the shutdown hook may read it
                processes.put(r.name(), p);
            }
            LOG.info("{} router {} (pid {}): clients on 127.0.0.1:{}, log {}", r.mode().word(), r.name(), p.pid(),
                    ports.of(r.name()).client(), logOf(r.name()));
        }
    }

    /** The router's log, in its directory: {@code qdrouterd.log}, {@code skrouterd.log}. */
    public static String logFile(RouterKind kind) {
        return kind.command() + ".log";
    }

    /** The router's standard output and error, in its directory: {@code qdrouterd.out}, {@code skrouterd.out}. */
    public static String outFile(RouterKind kind) {
        return kind.command() + ".out";
    }

    /**
     * Until each interior router's table of router nodes holds every interior it can reach through interiors, and each
     * edge router's edge connection is open (an edge is in no routing table; its own lists only itself).
     */
    private void awaitRoutes(Duration within) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        Map<String, String> waitingFor = new LinkedHashMap<>();
        Map<String, AmqpManagementInspector> management = new LinkedHashMap<>();
        RouterKind kind = binary.kind();
        try {
            for (Node.Router r : topology.routers()) {
                EntityQuery query = r.edge()
                        ? new EntityQuery(UPLINKS, kind.entityType("connection"), List.of("role", "dir", "opened"))
                        : new EntityQuery(NODES, kind.entityType("router.node"), List.of("id"));
                management.put(r.name(), new AmqpManagementInspector(ManagementUrl.parse(managementUrl(r.name())),
                        List.of(query), ASK_TIMEOUT));
                waitingFor.put(r.name(), "no answer yet");
            }
            while (!waitingFor.isEmpty()) {
                for (String router : new ArrayList<>(waitingFor.keySet())) {
                    Process p = processes.get(router);
                    if (!p.isAlive()) {
                        throw new IOException("router " + router + " ended with exit code " + p.exitValue() + " before its routes"
                                + " were up: " + tail(router));
                    }
                    String missing = missingRoutes(router, management.get(router));
                    if (missing == null) {
                        waitingFor.remove(router);
                    } else {
                        waitingFor.put(router, missing);
                    }
                }
                if (waitingFor.isEmpty()) {
                    break;
                }
                if (System.nanoTime() - deadline > 0) {
                    String router = waitingFor.keySet().iterator().next();
                    throw new IOException("the routers of " + topology.description() + " were not up within " + within.toSeconds()
                            + " s: " + waitingFor + "; " + router + "'s log: " + tail(router));
                }
                Thread.sleep(POLL_MILLIS); // polling a process we do not control: nothing to wait on
            }
            LOG.info("{} routers of {} up: {}", binary.describe(), topology.description(), processes.keySet());
        } finally {
            management.values().forEach(AmqpManagementInspector::close);
        }
    }

    /** What {@code router} does not see yet, or null when it sees every router it can reach (an edge: its interior). */
    private String missingRoutes(String router, AmqpManagementInspector management) {
        if (!LoopbackPorts.isListening(ports.of(router).client())) {
            return "not listening yet"; // asked now, the management client would log a failed connection each time
        }
        boolean edge = ((Node.Router) topology.node(router)).edge();
        Set<String> seen = new HashSet<>();
        boolean uplink = false;
        try {
            for (List<String> row : management.sample().rowsOf(edge ? UPLINKS : NODES)) {
                if (edge) {
                    uplink |= RouterConf.EDGE.equals(row.get(0)) && "out".equals(row.get(1)) && "true".equals(row.get(2));
                } else {
                    seen.add(row.get(0));
                }
            }
        } catch (InspectorException e) {
            return "management: " + e.getMessage();
        }
        if (edge) {
            return uplink ? null : "no open edge connection to an interior yet";
        }
        Set<String> missing = new TreeSet<>(topology.reachableRouters(router));
        missing.remove(router); // its own entry is not a route
        missing.removeAll(seen);
        return missing.isEmpty() ? null : "no route yet to " + String.join(", ", missing);
    }

    private String tail(String router) {
        List<String> lines = new ArrayList<>();
        for (Path f : List.of(outOf(router), logOf(router))) {
            try {
                if (Files.exists(f)) {
                    List<String> all = Files.readAllLines(f);
                    lines.addAll(all.subList(Math.max(0, all.size() - TAIL_LINES), all.size()));
                }
            } catch (IOException e) {
                lines.add("(cannot read " + f + ": " + e.getMessage() + ")");
            }
        }
        return lines.isEmpty() ? "(it wrote nothing)" : String.join(" | ", lines);
    }

    public Topology topology() {
        return topology;
    }

    public int clientPort(String router) {
        known(router);
        return ports.of(router).client();
    }

    /** The URL senders or receivers of {@code address} use on {@code router}. */
    public String amqpUrl(String router, String address) {
        return "amqp://" + LoopbackPorts.IPV4.getHostAddress() + ":" + clientPort(router) + "/" + address;
    }

    /** {@code router}'s AMQP management, for an inspector. */
    public String managementUrl(String router) {
        return "amqp://" + LoopbackPorts.IPV4.getHostAddress() + ":" + clientPort(router);
    }

    public Path logOf(String router) {
        known(router);
        return dir.resolve(router).resolve(logFile(binary.kind()));
    }

    /** {@code router}'s standard output and error: where a handler that starts it again appends too. */
    public Path outOf(String router) {
        known(router);
        return dir.resolve(router).resolve(outFile(binary.kind()));
    }

    public long pid(String router) {
        known(router);
        return processes.get(router).pid();
    }

    /** {@code router}'s configuration file: what a handler restarts it with, and how its processes are known. */
    public Path confOf(String router) {
        known(router);
        return TopologyOutput.confOf(dir, router, binary.kind()).toAbsolutePath();
    }

    public RouterBinary binary() {
        return binary;
    }

    /** A router of the topology (started, or being started by {@link #launch}). */
    private void known(String router) {
        List<String> routers = topology.routers().stream().map(Node::name).toList();
        if (!routers.contains(router)) {
            throw new IllegalArgumentException("no router '" + router + "' runs here; the routers are " + routers);
        }
    }

    @Override
    public void close() {
        stopAll();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // The JVM is shutting down: the hook runs (or ran) stopAll, which finds nothing left.
        }
    }

    /**
     * SIGTERM to every router at once, then SIGKILL to any still running after the grace: those it started, and those
     * a handler started again (not its children: found by the configuration file on their command line).
     */
    private synchronized void stopAll() {
        Map<String, ProcessHandle> running = new LinkedHashMap<>();
        processes.forEach((router, p) -> running.put(router + " (pid " + p.pid() + ")", p.toHandle()));
        restarted().forEach((router, p) -> running.put(router + " (pid " + p.pid() + ", started again by a handler)", p));
        running.values().forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + STOP_GRACE.toNanos();
        for (Map.Entry<String, ProcessHandle> e : running.entrySet()) {
            try {
                e.getValue().onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException | ExecutionException ex) {
                LOG.warn("router {} did not end within {} s of SIGTERM: killed", e.getKey(), STOP_GRACE.toSeconds());
                e.getValue().destroyForcibly();
            } catch (InterruptedException ex) {
                e.getValue().destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The processes running a router's configuration that this class did not start: a handler started them again. */
    private Map<String, ProcessHandle> restarted() {
        Map<String, ProcessHandle> found = new LinkedHashMap<>();
        Set<Long> mine = new HashSet<>();
        processes.values().forEach(p -> mine.add(p.pid()));
        Map<String, String> routerByConf = new LinkedHashMap<>();
        for (String r : processes.keySet()) {
            Path conf = TopologyOutput.confOf(dir, r, binary.kind()).toAbsolutePath();
            routerByConf.put(conf.toString(), r);
            try {
                routerByConf.put(conf.toRealPath().toString(), r); // the handlers name it by its physical path
            } catch (IOException e) {
                // Deleted already: no router can be running it anew.
            }
        }
        ProcessHandle.allProcesses().filter(p -> !mine.contains(p.pid())).forEach(p -> p.info().arguments().ifPresent(args -> {
            for (int i = 0; i + 1 < args.length; i++) {
                String router = routerByConf.get(args[i + 1]);
                if (args[i].equals("-c") && router != null) {
                    found.put(router, p);
                }
            }
        }));
        return found;
    }
}
