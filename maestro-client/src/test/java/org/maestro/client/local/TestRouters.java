package org.maestro.client.local;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.maestro.client.topology.Topology;
import org.maestro.common.router.RouterKind;
import org.maestro.inspector.amqp.AmqpManagementInspector;
import org.maestro.inspector.amqp.DataSetConfig;
import org.maestro.inspector.amqp.EntityQuery;
import org.maestro.inspector.amqp.ManagementUrl;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The router a test runs, found as everything finds one ({@link RouterBinary#find(RouterKind)}). None found: the test is
 * skipped with one line saying how to get one, except under CI ({@code CI=true}), where a router test that cannot run
 * fails (CI has ../shared beside its checkout). And the fixture of the tests that run {@code router-line.groovy} through
 * a line of three real routers they start themselves (RouterLineTest, RouterReleaseTest): the line, the run's
 * arguments, and the middle router's count of what it forwarded.
 */
public final class TestRouters {
    /** A bound for a hang, not the expected time: three routers are up in about a second on an idle machine. */
    public static final Duration READY_WITHIN = Duration.ofSeconds(60);
    private static final Map<RouterKind, RouterBinary> FOUND = new EnumMap<>(RouterKind.class);

    private TestRouters() {
    }

    /** The default kind's router. */
    public static RouterBinary binary() {
        return binary(RouterKind.DEFAULT);
    }

    public static synchronized RouterBinary binary(RouterKind kind) {
        if (!FOUND.containsKey(kind)) {
            try {
                FOUND.put(kind, RouterBinary.find(kind));
            } catch (RouterBinary.NotFound e) {
                if ("true".equals(System.getenv("CI"))) {
                    Assertions.fail("a router test cannot run under CI: " + e.getMessage());
                }
                Assumptions.abort("needs " + kind.product() + ": " + e.getMessage());
            }
        }
        return FOUND.get(kind);
    }

    /** A line of three routers of {@code kind} (router-1 - router-2 - router-3) started in {@code dir}; the caller closes it. */
    public static LocalRouters lineOfThree(RouterKind kind, Path dir) throws Exception {
        return LocalRouters.start(Topology.line(3), binary(kind), dir, READY_WITHIN);
    }

    /**
     * The arguments of {@code maestro run test-scripts/router-line.groovy --local} sending on router-1 and receiving on
     * router-3 of {@code line} through {@code queue}, at {@code rate} msg/s for {@code seconds} on two connections, with
     * a warm-up a cold sender on a busy 2-core host can pass (as EndToEndTest's), then {@code more} (-P bounds).
     */
    public static String[] lineRun(LocalRouters line, Path runs, String queue, int rate, int seconds, String... more) {
        List<String> args = new ArrayList<>(List.of("run", Path.of("..", "test-scripts", "router-line.groovy").toString(),
                "--local", "--runs", runs.toString(),
                "-P", "sendUrl=" + line.amqpUrl("router-1", queue), "-P", "receiveUrl=" + line.amqpUrl("router-3", queue),
                "-P", "rate=" + rate, "-P", "duration=" + seconds + "s", "-P", "connections=2",
                "-P", "warmup=1s", "-P", "warmupSendDelay=500ms"));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    /**
     * The deliveries {@code router} forwarded between two other routers (its {@code deliveriesTransit}, where its kind
     * keeps it), read through its AMQP management.
     */
    public static long transit(LocalRouters routers, String router) throws Exception {
        try (AmqpManagementInspector m = new AmqpManagementInspector(ManagementUrl.parse(routers.managementUrl(router)),
                List.of(new EntityQuery("router", DataSetConfig.router(routers.binary().kind(), DataSetConfig.ROUTER).entityType(),
                        List.of("deliveriesTransit"))),
                Duration.ofSeconds(5))) {
            return Long.parseLong(m.sample().rowsOf("router").get(0).get(0));
        }
    }
}
