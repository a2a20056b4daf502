package org.maestro.client.dsl;

import groovy.lang.Closure;
import org.maestro.client.plan.Criterion;
import org.maestro.client.plan.TestPlan;
import org.maestro.client.plan.RouteSettings;
import org.maestro.common.note.LatencyMode;
import org.maestro.common.note.LoadOptions;
import org.maestro.common.router.RouterKind;
import org.maestro.common.runfiles.DeliveryMode;
import org.maestro.common.units.Rate;
import org.maestro.common.units.RateProfile;
import org.maestro.common.units.SizeMix;
import org.maestro.common.units.TestDuration;
import org.maestro.common.units.TimeSpan;
import org.maestro.common.units.WarmupRamp;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.maestro.client.dsl.DslValues.bounded;
import static org.maestro.client.dsl.DslValues.checkedOrDefault;
import static org.maestro.client.dsl.DslValues.connectionCount;
import static org.maestro.client.dsl.DslValues.positive;
import static org.maestro.client.dsl.DslValues.sizes;
import static org.maestro.client.dsl.DslValues.time;

/**
 * The {@code test { ... }} block of a scenario: each method is a line a QE engineer writes, e.g.
 * {@code rate 1000}, {@code duration '5m'}, {@code expect 'p99 latency < 20 ms'}. Values are
 * checked as they are given, so an error points at the line that set them.
 */
public final class TestSpec {
    private String name;
    private final List<String> tags = new ArrayList<>();
    private String description = "";
    private String sendUrl;
    private String receiveUrl;
    private SizeMix messageSize = LoadOptions.DEFAULTS.messageSize();
    private Rate rate = LoadOptions.DEFAULTS.rate();
    private int connections = LoadOptions.DEFAULTS.connections();
    private TestDuration duration = LoadOptions.DEFAULTS.duration();
    private String warmup = LoadOptions.DEFAULTS.warmup();
    /** Null: the workers' defaults. */
    private String warmupSendDelay = LoadOptions.DEFAULTS.warmupSendDelay();
    private String warmupMax = LoadOptions.DEFAULTS.warmupMax();
    private String warmupRamp = LoadOptions.DEFAULTS.warmupRamp();
    private int senders = 1;
    private int receivers = 1;
    private final List<Criterion> criteria = new ArrayList<>();
    private TestPlan.Incremental incremental;
    private RateProfile stages;
    private Long senderStartAfterMillis;
    private String latency = LatencyMode.ONE_WAY;
    private int latencySample = 1;
    private final List<TestPlan.Route> routes = new ArrayList<>();
    private final List<TestPlan.InspectorSpec> inspectors = new ArrayList<>();
    private TestPlan.AgentPlan agent;
    /** The routers --local starts, known before they run: a router a script names is checked against them on its line. */
    private ScriptTopology topology;
    private RouterKind router;
    private DeliveryMode delivery;
    /** Whether --local provides what the script leaves out; see {@link ScriptRunner#load(Path, Map, boolean)}. */
    private final boolean local;

    /** Where a file the script names is looked for when the working directory has none of that name. */
    private Path scriptDir = Path.of("");

    TestSpec(String defaultName, boolean local) {
        this.name = defaultName;
        this.local = local;
    }

    void scriptDir(Path dir) {
        this.scriptDir = dir;
    }

    public void name(Object value) {
        this.name = String.valueOf(value);
    }

    public void tags(Object... values) {
        for (Object v : values) {
            tags.add(String.valueOf(v));
        }
    }

    /** What the SUT is: product, version, topology. */
    public void description(Object value) {
        this.description = String.valueOf(value);
    }

    /** Where senders send and receivers receive. */
    public void url(Object value) {
        // null (e.g. param('url', null) with no value given) leaves the SUT to --local's embedded one.
        sendUrl = value == null ? null : String.valueOf(value);
        receiveUrl = sendUrl;
    }

    /** Where senders send, when receivers receive elsewhere (the first and last routers of a line); null as for {@link #url}. */
    public void sendUrl(Object value) {
        sendUrl = value == null ? null : String.valueOf(value);
    }

    public void receiveUrl(Object value) {
        receiveUrl = value == null ? null : String.valueOf(value);
    }

    /**
     * The routers {@code --local} starts for the test ({@code 'line 3'}, {@code 'ring 4'}, a YAML graph file), pointing
     * the senders at the first router and the receivers at the router farthest from it; null for none.
     */
    public void topology(Object value) {
        if (value != null) {
            topology = ScriptTopology.of(value, scriptDir, local);
        }
    }

    /** Which router the topology's routers are: {@code 'qpid-dispatch'} (the default) or {@code 'skupper'}. */
    public void router(Object value) {
        router = value == null ? null : RouterKind.parse(String.valueOf(value));
    }

    /**
     * How the senders hand messages to the URLs --local fills in: {@code 'settled'} (the default) or {@code 'presettled'}
     * (fire-and-forget), their URL option {@code delivery=}; null for the default. A URL the script gives says it itself.
     */
    public void delivery(Object value) {
        delivery = value == null ? null : DeliveryMode.parse(String.valueOf(value));
    }

    /**
     * {@code 1024}, {@code '~1024'} (±5 %), {@code '4KiB'}, {@code '~1 KiB ±10 %'}, or weighted sizes:
     * {@code '512B: 80, 4KiB: 20'} or {@code ['512B': 80, '4KiB': 20]}.
     */
    public void messageSize(Object value) {
        messageSize = sizes(value);
    }

    /** Total messages per second of the senders of every route that sets no rate of its own; 0 or {@code 'max'} = flat out. */
    public void rate(Object value) {
        rate = bounded("rate", Rate.parse(String.valueOf(value)));
    }

    /** Connections per worker. */
    public void connections(Object value) {
        connections = connectionCount(value);
    }

    /** A time ({@code '90s'}, {@code '1h30m'}) or a total message count ({@code 1000000}). */
    public void duration(Object value) {
        duration = TestDuration.parse(String.valueOf(value));
    }

    /** A time like {@code '10s'}; {@code '0s'} or {@code 0} for none. */
    public void warmup(Object value) {
        warmup = time("warmup", value).isZero() ? "0s" : String.valueOf(value);
    }

    /**
     * The warm-up ends once every sender connection's send delay has stayed below this for a whole second
     * (by default {@link LoadOptions#DEFAULT_WARMUP_SEND_DELAY}), not before {@code warmup}; {@code 'off'} for a
     * warm-up of fixed length.
     */
    public void warmupSendDelay(Object value) {
        warmupSendDelay = checkedOrDefault("warmupSendDelay", value, TimeSpan::parseOrOff);
    }

    /** The longest the warm-up waits for the senders' schedule ({@code '30s'}); by default 3 times the warm-up. */
    public void warmupMax(Object value) {
        warmupMax = checkedOrDefault("warmupMax", value, TimeSpan::parse);
    }

    /**
     * How the warm-up raises each sender's rate to its target: from a share of it over a time, within the warm-up
     * ({@code '10% 5s'}; by default {@link LoadOptions#DEFAULT_WARMUP_RAMP}); {@code 'off'} for the target from the
     * first message.
     */
    public void warmupRamp(Object value) {
        warmupRamp = checkedOrDefault("warmupRamp", value, WarmupRamp::parseOrOff);
    }

    public void senders(Object value) {
        senders = positive("senders", value);
    }

    public void receivers(Object value) {
        receivers = positive("receivers", value);
    }

    /** A pass/fail criterion: {@code 'p99 latency < 20 ms'}, {@code 'rate >= 95 %'}, {@code 'loss == 0'}. */
    public void expect(Object... values) {
        for (Object v : values) {
            criteria.add(Criterion.parse(String.valueOf(v)));
        }
    }

    /**
     * A route of a multipoint test: {@code route 'east', url: 'amqp://a/q', senders: 2, receivers: 1}
     * (or {@code sendUrl:} and {@code receiveUrl:}); its peers are those started with {@code --group east}. It may set
     * its own {@code rate:} (shared among its senders), {@code size:}, {@code connections:}, {@code duration:} and
     * {@code receiverStartAfter:}, {@code senderStartAfter:} and {@code stages: { step 100, '5s'; ramp 100, 300, '5s' }}
     * (the {@link #stages} block as a closure), each overriding the test's ({@link RouteSettings}).
     */
    public void route(Map<String, Object> args, String name) {
        routes.add(RouteArgs.of(args, name));
    }

    /**
     * Samples the SUT's management during the test:
     * {@code inspector 'jolokia', url: 'http://admin:admin@sut:8161/console/jolokia', interval: '5s'}
     * or {@code inspector 'amqp-management', url: 'amqp://router:5672', datasets: 'qpid-dispatch'}. With a topology
     * {@code --local} starts, {@code router: 'router-2'} (or {@code 'all'}: one peer per router) samples its routers;
     * {@code routers: 'all'} (or a list of names) has one peer sample several, as does a list of URLs
     * ({@code url: ['amqp://r1:5672', 'amqp://r2:5672']}, or {@code 'r1=amqp://…,r2=amqp://…'}, named).
     */
    public void inspector(Map<String, Object> args, String type) {
        inspectors.add(InspectorArgs.of(args, type, topology));
        if (args.get("router") != null) {
            topology.checkInspectors(inspectors); // a router the topology lacks: on this line
        }
    }

    /**
     * Fault injection by an agent peer on the SUT host:
     * <pre>
     * agent {
     *     source 'https://git.lab/qe/handlers.git', branch: 'main'
     *     at '60s', run: 'restart-broker.sh', args: ['/opt/artemis/instance']
     *     every '30s', from: '90s', until: '180s', run: 'stop-broker-for.sh', args: ['5']
     *     at '120s', agent: 'router-2', run: 'restart-router.sh'   // by the agent peer named router-2
     *     at '150s', group: 'routers', run: 'check-router.sh'      // by every agent of the group routers, each its own outcome
     * }
     * </pre>
     */
    public void agent(Closure<?> block) {
        AgentSpec spec = new AgentSpec(local, topology);
        block.setDelegate(spec);
        block.setResolveStrategy(Closure.DELEGATE_FIRST);
        block.call();
        agent = spec.build();
    }

    /**
     * A rate profile: {@code stages { step 500, '5s'; ramp 500, 2000, '10s'; step 2000, '5s' }}, the total rate of all
     * senders stage by stage (a ramp goes linearly from its first rate to its second). It sets the test's rate (its mean)
     * and duration (its length); the senders keep the one intended-time schedule across stages.
     */
    public void stages(Closure<?> block) {
        stages = StagesSpec.profile(block);
    }

    /**
     * How long after the test's common start instant the senders begin ({@code senderStartAfter '10s'}): of every
     * route that sets none of its own.
     */
    public void senderStartAfter(Object value) {
        senderStartAfterMillis = time("senderStartAfter", value).toMillis();
    }

    /**
     * How latency is measured, of every route that sets none of its own: {@code latency 'one-way'} (the default: the
     * receiver's arrival time against the sender's send time, two clocks) or {@code latency 'round-trip'} (each receiver
     * sends the message back to its sender, which times it on its own clock).
     */
    public void latency(Object value) {
        latency = LatencyMode.of(String.valueOf(value), 1).toString();
    }

    /** With {@code latency 'round-trip'}: 1 message in this many is sent back ({@code latencySample 10}); 1 by default. */
    public void latencySample(Object value) {
        latencySample = positive("latencySample", value);
    }

    /**
     * A search for the highest sustainable rate: {@code findLimit { startRate 1000; step 1000; maxRate 10000;
     * stepDuration '30s'; resolution 100; maxTime '20m' }}; the same block as {@link #incremental}.
     */
    public void findLimit(Closure<?> block) {
        incremental(block);
    }

    /** An incremental test: {@code incremental { startRate 1000; step 1000; maxRate 10000; stepDuration '30s' }}. */
    public void incremental(Closure<?> block) {
        IncrementalSpec spec = new IncrementalSpec();
        block.setDelegate(spec);
        block.setResolveStrategy(Closure.DELEGATE_FIRST);
        block.call();
        incremental = spec.build();
    }

    TestPlan build() {
        if (stages != null) {
            if (incremental != null) {
                throw new IllegalArgumentException("stages and incremental/findLimit both set the rate: a test has one or the other");
            }
            // The profile sets both: its mean rate (for the criteria and the console), its length.
            rate = new Rate(RouteSettings.meanPerSecond(stages));
            duration = new TestDuration.ByTime(stages.duration());
        }
        PlanChecks checks = new PlanChecks(warmup, warmupMax, duration, rate);
        if (incremental == null) {
            checks.refuseCoveredByWarmup("duration", duration, rate.perSecond());
        } else {
            // The step at maxRate sends the most in its warm-up: the first a message count runs out in.
            checks.refuseCoveredByWarmup("stepDuration", incremental.stepDuration(), incremental.maxRate());
        }
        checks.refuseWarmupMax(incremental != null);
        if (senderStartAfterMillis != null) {
            // A test without routes runs the one its fields describe: it becomes explicit to carry the offset.
            List<TestPlan.Route> all = routes.isEmpty() ? List.of(new TestPlan.Route("", sendUrl, receiveUrl == null ? sendUrl : receiveUrl,
                    senders, receivers)) : List.copyOf(routes);
            routes.clear();
            all.forEach(r -> routes.add(r.withSettings(r.settings().withSenderStartAfterMillis(senderStartAfterMillis))));
        }
        routes.forEach(checks::refuseUnmeasured);
        if (delivery != null && (sendUrl != null || routes.stream().anyMatch(r -> r.sendUrl() != null))) {
            throw new IllegalArgumentException("delivery '" + delivery + "' is for the URLs --local fills in; a send URL the"
                    + " script gives says it itself: add ?" + DeliveryMode.URL_OPTION + "=" + delivery + " to it");
        }
        String receive = receiveUrl == null ? sendUrl : receiveUrl;
        return TestPlan.builder().name(name).tags(List.copyOf(tags)).description(description).sendUrl(sendUrl)
                .receiveUrl(receive)
                .messageSize(messageSize).rate(rate).connections(connections).duration(duration).warmup(warmup)
                .warmupSendDelay(warmupSendDelay).warmupMax(warmupMax).warmupRamp(warmupRamp).senders(senders).receivers(receivers)
                .criteria(List.copyOf(criteria)).incremental(incremental).routes(List.copyOf(routes))
                .inspectors(List.copyOf(inspectors))
                .agent(agent).topology(topology == null ? null : topology.text()).router(router).delivery(delivery).stages(stages)
                .latency(LatencyMode.of(latency, latencySample)).build();
    }
}
