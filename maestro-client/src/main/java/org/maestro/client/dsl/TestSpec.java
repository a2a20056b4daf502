package org.maestro.client.dsl;

import groovy.lang.Closure;
import org.maestro.client.plan.Criterion;
import org.maestro.client.plan.TestPlan;
import org.maestro.client.plan.RouteSettings;
import org.maestro.common.note.LoadOptions;
import org.maestro.common.units.Rate;
import org.maestro.common.units.RateProfile;
import org.maestro.common.units.SizeMix;
import org.maestro.common.units.TestDuration;
import org.maestro.common.units.TimeSpan;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code test { ... }} block of a scenario: each method is a line a QE engineer writes, e.g.
 * {@code rate 1000}, {@code duration '5m'}, {@code expect 'p99 latency < 20 ms'}. Values are
 * checked as they are given, so an error points at the line that set them.
 */
public final class TestSpec {
    /**
     * The highest fixed rate a test may ask for, all senders together: beyond it a typo (an extra zero, {@code 1e12})
     * is far likelier than a SUT that takes it; {@code 'max'} sends flat out.
     */
    public static final long MAX_RATE = 10_000_000;
    /** The most connections a worker may open: beyond it a test exhausts the SUT's or the host's sockets. */
    public static final int MAX_CONNECTIONS = 1_000;

    private String name;
    private final List<String> tags = new ArrayList<>();
    private String description = "";
    private String sendUrl;
    private String receiveUrl;
    private SizeMix size = LoadOptions.DEFAULTS.messageSize();
    private Rate rate = LoadOptions.DEFAULTS.rate();
    private int connections = LoadOptions.DEFAULTS.connections();
    private TestDuration duration = LoadOptions.DEFAULTS.duration();
    private String warmup = LoadOptions.DEFAULTS.warmup();
    /** Null: the workers' defaults. */
    private String warmupSendDelay = LoadOptions.DEFAULTS.warmupSendDelay();
    private String warmupMax = LoadOptions.DEFAULTS.warmupMax();
    private int senders = 1;
    private int receivers = 1;
    private final List<Criterion> criteria = new ArrayList<>();
    private TestPlan.Incremental incremental;
    private RateProfile stages;
    private Long senderStartAfterMillis;
    private final List<TestPlan.Route> routes = new ArrayList<>();
    private final List<TestPlan.InspectorSpec> inspectors = new ArrayList<>();
    private TestPlan.AgentPlan agent;
    private String topology;
    /** The routers {@link #topology} starts, known before they run: a router a script names is checked against them on its line. */
    private org.maestro.client.topology.Topology topologyRouters;
    /** Whether --local provides what the script leaves out; see {@link ScriptRunner#load(java.nio.file.Path, java.util.Map, boolean)}. */
    private final boolean local;

    /** Where a file the script names is looked for when the working directory has none of that name. */
    private java.nio.file.Path scriptDir = java.nio.file.Path.of("");

    TestSpec(String defaultName, boolean local) {
        this.name = defaultName;
        this.local = local;
    }

    void scriptDir(java.nio.file.Path dir) {
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
        if (value == null) {
            return;
        }
        String text = String.valueOf(value);
        java.nio.file.Path beside = scriptDir.resolve(text);
        if (!java.nio.file.Files.isRegularFile(java.nio.file.Path.of(text)) && java.nio.file.Files.isRegularFile(beside)) {
            text = beside.toString(); // a graph file beside the script (its redundant-path.yaml), wherever maestro runs
        }
        org.maestro.client.topology.Topology parsed = org.maestro.client.topology.TopologyDescription.parse(text,
                java.nio.file.Path.of("")); // refused here, on its line
        if (!local) {
            throw new IllegalArgumentException("topology '" + text + "': only --local starts routers; on a lab, deploy the"
                    + " configurations of maestro topology and give sendUrl and receiveUrl");
        }
        topology = text;
        topologyRouters = parsed;
    }

    /**
     * {@code 1024}, {@code '~1024'} (±5 %), {@code '4KiB'}, {@code '~1 KiB ±10 %'}, or weighted sizes:
     * {@code '512B: 80, 4KiB: 20'} or {@code ['512B': 80, '4KiB': 20]}.
     */
    public void messageSize(Object value) {
        size = sizes(value);
    }

    /** A size, or weighted sizes as text or as a Groovy map of size to weight; see {@link SizeMix#parse}. */
    private static SizeMix sizes(Object value) {
        if (value instanceof java.util.Map<?, ?> weighted) {
            return SizeMix.parse(String.join(", ", weighted.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).toList()));
        }
        return SizeMix.parse(String.valueOf(value));
    }


    /** Total messages per second of the senders of every route that sets no rate of its own; 0 or {@code 'max'} = flat out. */
    public void rate(Object value) {
        rate = bounded("rate", Rate.parse(String.valueOf(value)));
    }

    /** Connections per worker. */
    public void connections(Object value) {
        connections = connectionCount(value);
    }

    private static int connectionCount(Object value) {
        int n = positive("connections", value);
        if (n > MAX_CONNECTIONS) {
            throw new IllegalArgumentException("connections " + n + " is more than the " + MAX_CONNECTIONS
                    + " a worker may open");
        }
        return n;
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
     * ({@code '100ms'}, the workers' default), not before {@code warmup}; {@code 'off'} for a warm-up of fixed length.
     */
    public void warmupSendDelay(Object value) {
        warmupSendDelay = checkedOrDefault("warmupSendDelay", value, TimeSpan::parseOrOff);
    }

    /** The longest the warm-up waits for the senders' schedule ({@code '30s'}); by default 3 times the warm-up. */
    public void warmupMax(Object value) {
        warmupMax = checkedOrDefault("warmupMax", value, TimeSpan::parse);
    }

    /** The value's text once {@code parser} reads it; null (a param with no value) leaves the workers' default. */
    private static String checkedOrDefault(String what, Object value, java.util.function.Function<String, ?> parser) {
        if (value == null) {
            return null;
        }
        String text = String.valueOf(value);
        try {
            parser.apply(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
        }
        return text;
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
    public void route(java.util.Map<String, Object> args, String group) {
        org.maestro.common.mqtt.Topics.checkLevel("route group", group);
        java.util.Set<String> known = new java.util.TreeSet<>(java.util.Set.of("url", "sendUrl", "receiveUrl", "senders",
                "receivers", "protocol", "rate", "size", "connections", "duration", "receiverStartAfter", "senderStartAfter", "stages"));
        for (String key : args.keySet()) {
            if (!known.contains(key)) {
                throw new IllegalArgumentException("route '" + group + "': unknown setting '" + key + "'"
                        + org.maestro.common.util.NearestName.hint(key, known, "a route sets"));
            }
        }
        try {
            routes.add(routeOf(args, group));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("route '" + group + "': " + e.getMessage(), e);
        }
    }

    /** The route {@code args} describe; a bad setting is refused naming it ({@code rate: ...}). */
    private static TestPlan.Route routeOf(java.util.Map<String, Object> args, String group) {
        // The protocol --local's embedded SUT is spoken in when the route names no URL of its own.
        String protocol = String.valueOf(args.getOrDefault("protocol", TestPlan.Route.LOCAL_SCHEME));
        if (!TestPlan.Route.LOCAL_SCHEMES.contains(protocol)) {
            throw new IllegalArgumentException("protocol '" + protocol + "' is not one --local's embedded SUT"
                    + " speaks (" + String.join(", ", TestPlan.Route.LOCAL_SCHEMES) + ")");
        }
        Object url = args.get("url");
        Object send = args.getOrDefault("sendUrl", url);
        Object receive = args.getOrDefault("receiveUrl", url);
        RouteSettings settings = new RouteSettings(
                setting(args, "rate", v -> bounded("rate", Rate.parse(String.valueOf(v)))),
                setting(args, "size", TestSpec::sizes),
                setting(args, "connections", v -> connectionCount(v)),
                setting(args, "duration", v -> TestDuration.parse(String.valueOf(v))),
                setting(args, "receiverStartAfter", v -> time("receiverStartAfter", v).toMillis()),
                setting(args, "senderStartAfter", v -> time("senderStartAfter", v).toMillis()),
                setting(args, "stages", v -> profile(v instanceof Closure<?> c ? c : null)));
        if (settings.stages() != null && (settings.rate() != null || settings.duration() != null)) {
            throw new IllegalArgumentException("stages: and " + (settings.rate() != null ? "rate:" : "duration:")
                    + " both set the route's " + (settings.rate() != null ? "rate" : "length") + ": give one or the other");
        }
        return new TestPlan.Route(group, send == null ? null : send.toString(), receive == null ? null : receive.toString(),
                positive("senders", args.getOrDefault("senders", 1)), positive("receivers", args.getOrDefault("receivers", 1)),
                protocol, settings);
    }

    /** The route's {@code key} read by {@code parser}, or null when not given; an error names the setting. */
    private static <T> T setting(java.util.Map<String, Object> args, String key, java.util.function.Function<Object, T> parser) {
        if (!args.containsKey(key)) {
            return null;
        }
        Object value = args.get(key);
        try {
            return parser.apply(value);
        } catch (IllegalArgumentException e) {
            String message = e.getMessage();
            // A message that starts with the setting's name already points at it.
            throw new IllegalArgumentException(message.startsWith(key) ? message : key + ": " + message, e);
        }
    }

    /**
     * Samples the SUT's management during the test:
     * {@code inspector 'jolokia', url: 'http://admin:admin@sut:8161/console/jolokia', interval: '5s'}
     * or {@code inspector 'amqp-management', url: 'amqp://router:5672', datasets: 'qpid-dispatch'}. With a topology
     * {@code --local} starts, {@code router: 'router-2'} (or {@code 'all'}: one peer per router) samples its routers;
     * {@code routers: 'all'} (or a list of names) has one peer sample several, as does a list of URLs
     * ({@code url: ['amqp://r1:5672', 'amqp://r2:5672']}, or {@code 'r1=amqp://…,r2=amqp://…'}, named).
     */
    public void inspector(java.util.Map<String, Object> args, String type) {
        if (!type.equals("jolokia") && !type.equals("amqp-management")) {
            throw new IllegalArgumentException("inspector type must be 'jolokia' or 'amqp-management', not '" + type + "'");
        }
        java.util.Set<String> known = java.util.Set.of("url", "interval", "datasets", "router", "peers");
        for (String key : args.keySet()) {
            if (!known.contains(key)) {
                throw new IllegalArgumentException("inspector '" + type + "': unknown setting '" + key + "' (known: " + known + ")");
            }
        }
        boolean atRouter = args.get("router") != null;
        if (atRouter) {
            // Routers of the topology --local starts (or all of them): their management URLs are known once they run.
            if (args.get("url") != null || topology == null || !type.equals("amqp-management")) {
                throw new IllegalArgumentException("inspector '" + type + "', router: '" + args.get("router") + "': router names"
                        + " routers of the topology --local starts (or 'all'), so it needs type 'amqp-management', no url, and"
                        + " topology given before it");
            }
            args = new java.util.LinkedHashMap<>(args);
            Object peers = args.remove("peers");
            args.put("url", org.maestro.client.local.RouterInspectors.placeholder(names(args.remove("router")),
                    peers == null ? org.maestro.client.local.RouterInspectors.PEER_PER_ROUTER : peers.toString()));
        } else if (args.get("peers") != null) {
            throw new IllegalArgumentException("inspector '" + type + "', peers: '" + args.get("peers") + "': peers goes with router"
                    + " (routers of the topology --local starts); a list of URLs is always one peer");
        } else if (args.get("url") instanceof java.util.Collection<?> urls) {
            // One inspector peer sampling several endpoints: the option's list form.
            args = new java.util.LinkedHashMap<>(args);
            args.put("url", String.join(org.maestro.common.note.ManagementTarget.SEPARATOR, names(urls)));
        }
        if (args.get("url") == null) {
            throw new IllegalArgumentException("inspector '" + type + "' needs url: the management endpoint (or, with a"
                    + " topology, router: a router's name or 'all')");
        }
        java.util.Map<String, String> options = new java.util.LinkedHashMap<>();
        options.put(org.maestro.common.note.TestOptions.INSPECTOR_TYPE, type);
        options.put(org.maestro.common.note.TestOptions.MANAGEMENT_URL, args.get("url").toString());
        if (args.containsKey("interval")) {
            options.put(org.maestro.common.note.TestOptions.INSPECTOR_INTERVAL, args.get("interval").toString());
        }
        if (args.containsKey("datasets")) {
            options.put(org.maestro.common.note.TestOptions.INSPECTOR_DATASETS, args.get("datasets").toString());
        }
        if (!atRouter) {
            inspectorRefusal(type, options); // a router's placeholder becomes its management URL once --local started it
        }
        inspectors.add(new TestPlan.InspectorSpec(type, args.get("url").toString(), options));
        if (atRouter) {
            org.maestro.client.local.RouterInspectors.check(inspectors, topologyRouters); // a router the topology lacks: on this line
        }
    }

    /** A list's items, or a text's comma-separated words, as strings. */
    private static java.util.List<String> names(Object value) {
        java.util.List<String> out = new ArrayList<>();
        if (value instanceof java.util.Collection<?> c) {
            c.forEach(x -> out.add(String.valueOf(x).strip()));
        } else {
            for (String part : value.toString().split(org.maestro.common.note.ManagementTarget.SEPARATOR)) {
                out.add(part.strip());
            }
        }
        return out;
    }

    /**
     * Refuses, on the script's line, what the inspector peer would refuse at SET, read by its own parser: a router's
     * amqp:// URL where a Jolokia http:// URL belongs costs no peer.
     */
    private static void inspectorRefusal(String type, java.util.Map<String, String> options) {
        try {
            org.maestro.inspector.InspectorOptions.parse(options);
        } catch (IllegalArgumentException e) {
            String url = options.get(org.maestro.common.note.TestOptions.MANAGEMENT_URL).strip().toLowerCase(java.util.Locale.ROOT);
            String hint = type.equals("jolokia") && url.startsWith("amqp") ? "; an amqp:// URL is AMQP management:"
                    + " inspector 'amqp-management'" : "";
            throw new IllegalArgumentException("inspector '" + type + "': " + e.getMessage() + hint, e);
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
        AgentSpec spec = new AgentSpec(local, topology, topologyRouters == null ? null
                : topologyRouters.routers().stream().map(org.maestro.client.topology.Node::name).toList());
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
        stages = profile(block);
    }

    /** The rate profile a {@code stages} block describes; refused when empty or sending nothing. */
    private static RateProfile profile(Closure<?> block) {
        if (block == null) {
            throw new IllegalArgumentException("needs a block of stages like { step 500, '5s'; ramp 500, 2000, '10s' }");
        }
        StagesSpec spec = new StagesSpec();
        block.setDelegate(spec);
        block.setResolveStrategy(Closure.DELEGATE_FIRST);
        block.call();
        if (spec.stages.isEmpty()) {
            throw new IllegalArgumentException("stages { } needs at least one stage: step RATE, 'TIME' or ramp FROM, TO, 'TIME'");
        }
        RateProfile profile = new RateProfile(spec.stages);
        if (profile.messages() < 1) {
            throw new IllegalArgumentException("stages " + profile + " send no message: give a rate above 0 somewhere");
        }
        return profile;
    }

    /**
     * How long after the test's common start instant the senders begin ({@code senderStartAfter '10s'}): of every
     * route that sets none of its own.
     */
    public void senderStartAfter(Object value) {
        senderStartAfterMillis = time("senderStartAfter", value).toMillis();
    }

    /** The {@code stages { }} block: {@code step RATE, 'TIME'} and {@code ramp FROM, TO, 'TIME'}, in order. */
    public static final class StagesSpec {
        private final List<RateProfile.Stage> stages = new ArrayList<>();

        public void step(Object rate, Object time) {
            long r = stageRate("step", rate);
            stages.add(new RateProfile.Stage(r, r, stageTime("step " + rate, time)));
        }

        public void ramp(Object from, Object to, Object time) {
            stages.add(new RateProfile.Stage(stageRate("ramp", from), stageRate("ramp", to), stageTime("ramp " + from + ", " + to, time)));
        }

        private static long stageRate(String what, Object rate) {
            Rate r = bounded(what, Rate.parse(String.valueOf(rate)));
            if (String.valueOf(rate).strip().equals("max")) {
                throw new IllegalArgumentException(what + " " + rate + ": a stage has a rate in msg/s (0 for a pause), not 'max'");
            }
            return r.perSecond();
        }

        private static long stageTime(String what, Object time) {
            Duration d = time(what, time);
            if (d.isZero()) {
                throw new IllegalArgumentException(what + ": a stage needs a time > 0 like '10s', not '" + time + "'");
            }
            return d.toNanos();
        }
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
        if (incremental == null) {
            refuseCoveredByWarmup("duration", duration, rate.perSecond());
        } else {
            // The step at maxRate sends the most in its warm-up: the first a message count runs out in.
            refuseCoveredByWarmup("stepDuration", incremental.stepDuration(), incremental.maxRate());
        }
        if (warmupMax != null && time("warmupMax", warmupMax).compareTo(time("warmup", warmup)) < 0) {
            throw new IllegalArgumentException("warmupMax " + warmupMax + " is shorter than the warmup " + warmup + " it caps");
        }
        if (warmupMax != null && duration instanceof TestDuration.ByTime byTime && incremental == null
                && time("warmupMax", warmupMax).compareTo(byTime.duration()) >= 0) {
            throw new IllegalArgumentException("warmupMax " + warmupMax + " must be shorter than the duration " + duration
                    + ": a sender that never got on schedule would leave nothing measured");
        }
        if (senderStartAfterMillis != null) {
            // A test without routes runs the one its fields describe: it becomes explicit to carry the offset.
            List<TestPlan.Route> all = routes.isEmpty() ? List.of(new TestPlan.Route("", sendUrl, receiveUrl == null ? sendUrl : receiveUrl,
                    senders, receivers)) : List.copyOf(routes);
            routes.clear();
            all.forEach(r -> routes.add(r.withSettings(r.settings().withSenderStartAfterMillis(senderStartAfterMillis))));
        }
        routes.forEach(this::refuseUnmeasured);
        String receive = receiveUrl == null ? sendUrl : receiveUrl;
        return new TestPlan(name, List.copyOf(tags), description, sendUrl, receive, size, rate, connections, duration,
                warmup, warmupSendDelay, warmupMax, senders, receivers, List.copyOf(criteria), incremental, List.copyOf(routes), List.copyOf(inspectors), agent,
                topology, stages);
    }

    /**
     * Refuses a route whose own duration the warm-up covers, or whose receivers would start only once its senders
     * have ended.
     */
    private void refuseUnmeasured(TestPlan.Route route) {
        RouteSettings own = route.settings();
        TestDuration length = own.durationOr(duration);
        try {
            if (own.duration() != null || own.ownRate()) {
                refuseCoveredByWarmup("duration", length, own.ownRate() ? own.ownRatePerSecond() : rate.perSecond());
            }
            long late = own.receiverStartAfterMillisOr(0);
            if (late > 0 && length instanceof TestDuration.ByTime byTime && late >= byTime.duration().toMillis()) {
                throw new IllegalArgumentException("receiverStartAfter (" + late + " ms) must be"
                        + " shorter than the duration " + length + ": the receivers would start after the senders ended");
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("route '" + route.group() + "': " + e.getMessage(), e);
        }
    }

    /**
     * Refuses a test the warm-up covers entirely: a time no longer than the warm-up, or a message count the senders
     * reach within it at {@code perSecond} (all senders together). Flat out, a count's length is not known beforehand.
     */
    private void refuseCoveredByWarmup(String what, TestDuration length, long perSecond) {
        Duration warm = time("warmup", warmup);
        if (length instanceof TestDuration.ByTime byTime && warm.compareTo(byTime.duration()) >= 0) {
            throw new IllegalArgumentException("warmup " + warmup + " must be shorter than the " + what + " " + length
                    + ": nothing would be measured");
        }
        if (length instanceof TestDuration.ByCount byCount && perSecond > 0 && !warm.isZero()) {
            long inWarmup = Math.multiplyHigh(perSecond, warm.toMillis()) != 0 ? Long.MAX_VALUE : perSecond * warm.toMillis() / 1000;
            if (byCount.messages() <= inWarmup) {
                throw new IllegalArgumentException("warmup " + warmup + " covers the whole " + what + " " + length + ": at "
                        + perSecond + " msg/s the senders send " + inWarmup + " messages within it; nothing would be measured");
            }
        }
    }

    /** A rate no higher than {@link #MAX_RATE}. */
    private static Rate bounded(String what, Rate rate) {
        if (rate.perSecond() > MAX_RATE) {
            throw new IllegalArgumentException(what + " " + rate.perSecond() + " msg/s is more than the " + MAX_RATE
                    + " msg/s a test may ask for; use 'max' to send as fast as possible");
        }
        return rate;
    }

    private static int positive(String what, Object value) {
        try {
            int n = Integer.parseInt(String.valueOf(value).trim());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(what + " must be a positive whole number, not '" + value + "'");
    }

    /** A time like {@code '10s'}; {@code '0s'} or {@code 0} is zero. */
    private static Duration time(String what, Object value) {
        try {
            return TimeSpan.parseOrZero(String.valueOf(value));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
        }
    }

    /** The {@code agent { }} block. */
    public static final class AgentSpec {
        private final boolean local;
        private boolean sourceGiven;
        private String url;
        private String branch = "";
        private final List<TestPlan.Action> actions = new ArrayList<>();
        private final java.util.Map<String, String> options = new java.util.LinkedHashMap<>();
        /** The topology given before the agent block, and its routers' names (an agent beside each); null without. */
        private final String topology;
        private final List<String> routerNames;

        AgentSpec(boolean local, String topology, List<String> routerNames) {
            this.local = local;
            this.topology = topology;
            this.routerNames = routerNames;
        }

        /**
         * The git repository of handlers: {@code source 'file:///srv/handlers.git', branch: 'v2'}. Null (a param with
         * no value) leaves it to --local, which makes a repository of the script's {@code handlers/} directory.
         */
        public void source(java.util.Map<String, Object> args, Object gitUrl) {
            if (gitUrl == null && !local) {
                throw new IllegalArgumentException("the agent's handler source is not given: a git URL the agent allows"
                        + " (maestro agent --allow), e.g. a repository of test-scripts/handlers; --local uses test-scripts/handlers itself");
            }
            sourceGiven = true;
            url = gitUrl == null ? null : String.valueOf(gitUrl);
            branch = String.valueOf(args.getOrDefault("branch", ""));
        }

        public void source(Object gitUrl) {
            source(java.util.Map.of(), gitUrl);
        }

        /** How long one handler run may take before it is killed ({@code '2m'}). */
        public void timeout(Object value) {
            millis("timeout", value);
            options.put("agent.handler.timeout", String.valueOf(value));
        }

        /**
         * {@code at '60s', run: 'restart-broker.sh', args: [...]}; {@code agent: 'router-2'} has that agent run it,
         * {@code group: 'routers'} every agent of that group.
         */
        public void at(java.util.Map<String, Object> args, Object time) {
            add(new TestPlan.Action(millis("at", time), handler(args), arguments(args), agentOf(args), groupOf(args)));
        }

        /** An action, refused on its line when the topology given before it has no agent to run it. */
        private void add(TestPlan.Action action) {
            if (routerNames != null) {
                String refusal = org.maestro.client.run.LocalCluster.routerAgentRefusal(topology, action, routerNames);
                if (refusal != null) {
                    throw new IllegalArgumentException(refusal);
                }
            }
            actions.add(action);
        }

        /** {@code every '30s', from: '60s', until: '180s', run: '...', args: [...]}. */
        public void every(java.util.Map<String, Object> args, Object period) {
            long step = millis("every", period);
            long from = millis("from", args.getOrDefault("from", "0s"));
            if (!args.containsKey("until")) {
                throw new IllegalArgumentException("every '" + period + "' needs until: (when to stop repeating)");
            }
            long until = millis("until", args.get("until"));
            if (step <= 0 || until < from) {
                throw new IllegalArgumentException("every '" + period + "' from " + args.get("from") + " until "
                        + args.get("until") + " repeats nothing");
            }
            for (long t = from; t <= until; t += step) {
                add(new TestPlan.Action(t, handler(args), arguments(args), agentOf(args), groupOf(args)));
            }
        }

        private static String handler(java.util.Map<String, Object> args) {
            Object run = args.get("run");
            if (run == null) {
                throw new IllegalArgumentException("an agent action needs run: the handler's path in the source repository");
            }
            return run.toString();
        }

        /** The agent an action names ({@code agent: 'router-2'}: that peer's name), or "" for the test's one agent. */
        private static String agentOf(java.util.Map<String, Object> args) {
            Object agent = args.get("agent");
            if (agent != null && agent.toString().isBlank()) {
                throw new IllegalArgumentException("an agent action's agent: is empty: give an agent's name (e.g. router-2) or leave agent: out");
            }
            if (agent != null && args.get("group") != null) {
                throw new IllegalArgumentException("an agent action has agent: '" + agent + "' and group: '" + args.get("group")
                        + "': give one agent's name, or the group whose every agent runs it");
            }
            return agent == null ? "" : agent.toString();
        }

        /** The group of agents an action is for ({@code group: 'routers'}: every agent started in it), or "". */
        private static String groupOf(java.util.Map<String, Object> args) {
            Object group = args.get("group");
            if (group != null && group.toString().isBlank()) {
                throw new IllegalArgumentException("an agent action's group: is empty: give a group of agents (e.g. routers) or leave group: out");
            }
            return group == null ? "" : group.toString();
        }

        /** The handler's arguments; a null one (a param with no value) is left out, so the handler uses its own default. */
        private static List<String> arguments(java.util.Map<String, Object> args) {
            Object a = args.getOrDefault("args", List.of());
            if (a instanceof List<?> list) {
                return list.stream().filter(java.util.Objects::nonNull).map(String::valueOf).toList();
            }
            return a == null ? List.of() : List.of(String.valueOf(a));
        }

        private static long millis(String what, Object value) {
            return time(what, value).toMillis();
        }

        TestPlan.AgentPlan build() {
            if (!sourceGiven) {
                throw new IllegalArgumentException("agent needs source: the git repository of its handlers");
            }
            List<TestPlan.Action> sorted = new ArrayList<>(actions);
            sorted.sort(java.util.Comparator.comparingLong(TestPlan.Action::atMillis));
            return new TestPlan.AgentPlan(url, branch, List.copyOf(sorted), java.util.Map.copyOf(options));
        }
    }

    /**
     * The {@code incremental { }} (or {@code findLimit { }}) block: the climb's startRate, step, maxRate and
     * stepDuration; the bisection's resolution (msg/s, default: step, i.e. no bisection); maxTime, the hard cap on the
     * whole search; sendDelay, the send delay p99 of a sender still on schedule; rateTolerance, the shortfall of a rate
     * still taken as keeping up.
     */
    public static final class IncrementalSpec {
        private long startRate = -1;
        private long step = -1;
        private long maxRate = -1;
        private long resolution = -1;
        private TestDuration stepDuration = TestDuration.parse("30s");
        private Duration maxTime = Duration.ofMinutes(TestPlan.Incremental.DEFAULT_MAX_MINUTES);
        private double sendDelayMaxMillis = org.maestro.reports.results.Sustainability.DEFAULT_SEND_DELAY_MAX_MILLIS;
        private double rateTolerance = org.maestro.reports.results.Sustainability.DEFAULT_RATE_TOLERANCE;

        public void startRate(Object v) {
            startRate = bounded("startRate", Rate.parse(String.valueOf(v))).perSecond();
        }

        public void step(Object v) {
            step = bounded("step", Rate.parse(String.valueOf(v))).perSecond();
        }

        public void maxRate(Object v) {
            maxRate = bounded("maxRate", Rate.parse(String.valueOf(v))).perSecond();
        }

        public void stepDuration(Object v) {
            stepDuration = TestDuration.parse(String.valueOf(v));
        }

        public void resolution(Object v) {
            resolution = bounded("resolution", Rate.parse(String.valueOf(v))).perSecond();
            if (resolution <= 0) {
                throw new IllegalArgumentException("resolution must be a rate > 0 like 50 or 50/s, not '" + v + "'");
            }
        }

        public void maxTime(Object v) {
            maxTime = time("maxTime", v);
            if (maxTime.isZero()) {
                throw new IllegalArgumentException("maxTime must be a time > 0 like '20m', not '" + v + "'");
            }
        }

        public void sendDelay(Object v) {
            Duration d = time("sendDelay", v);
            if (d.isZero()) {
                throw new IllegalArgumentException("sendDelay must be a time > 0 like '50ms', not '" + v + "'");
            }
            sendDelayMaxMillis = d.toNanos() / 1e6;
        }

        public void rateTolerance(Object v) {
            String t = String.valueOf(v).strip();
            try {
                rateTolerance = Double.parseDouble(t.endsWith("%") ? t.substring(0, t.length() - 1).strip() : t) / 100;
            } catch (NumberFormatException e) {
                rateTolerance = -1;
            }
            if (!(rateTolerance > 0 && rateTolerance < 1)) {
                throw new IllegalArgumentException("rateTolerance must be a percentage between 0 and 100 like '3 %', not '" + v + "'");
            }
        }

        TestPlan.Incremental build() {
            if (startRate <= 0 || step <= 0 || maxRate < startRate) {
                throw new IllegalArgumentException("incremental needs startRate > 0, step > 0 and maxRate >= startRate"
                        + " (got startRate " + startRate + ", step " + step + ", maxRate " + maxRate + ")");
            }
            if (resolution > step) {
                throw new IllegalArgumentException("resolution " + resolution + " msg/s is coarser than the step " + step
                        + " msg/s: the bisection refines the climb, give a resolution <= step");
            }
            if (stepDuration instanceof TestDuration.ByTime byTime && byTime.duration().compareTo(maxTime) > 0) {
                throw new IllegalArgumentException("stepDuration " + stepDuration + " is longer than maxTime "
                        + maxTime.toSeconds() + "s: not one step would fit in the search's time cap");
            }
            return new TestPlan.Incremental(startRate, step, maxRate, stepDuration, resolution < 0 ? step : resolution, maxTime,
                    sendDelayMaxMillis, rateTolerance);
        }
    }
}
