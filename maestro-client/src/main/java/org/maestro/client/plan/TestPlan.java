package org.maestro.client.plan;

import org.maestro.common.note.LatencyMode;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.maestro.common.router.RouterKind;
import org.maestro.common.runfiles.DeliveryMode;
import org.maestro.common.units.RateProfile;
import org.maestro.common.units.Rate;
import org.maestro.common.units.SizeMix;
import org.maestro.common.units.TestDuration;
import org.maestro.results.BuildTags;
import org.maestro.results.Sustainability;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Everything a test needs, checked: what a scenario script builds and an executor carries out.
 *
 * @param name         test name (used in the run directory's name)
 * @param tags         free labels for the run index
 * @param description  what the SUT is (product, version, topology), for the report
 * @param sendUrl      where senders send
 * @param receiveUrl   where receivers receive (often the same)
 * @param messageSize  message sizes (one size, varying or not, or a weighted mix); a route may set its own
 * @param rate         total target rate of the senders of every route that sets no rate of its own (0 = flat out);
 *                     see {@link #targetRate()}
 * @param connections  connections per worker
 * @param duration     time or message count (a count is for all senders together)
 * @param warmup       warm-up time, left out of the figures ("0s" for none): the shortest, when the senders wait for
 *                     their schedule
 * @param warmupSendDelay the send delay every sender connection must stay below for a second before the warm-up
 *                     ends ({@code off}: a warm-up of fixed length); null for the workers' default
 * @param warmupMax    the longest the warm-up waits for that; null for the workers' default
 * @param warmupRamp   how the warm-up raises the senders' rate ({@code 10% 5s}, {@code off}); null for the workers' default
 * @param senders      how many sender peers the test needs
 * @param receivers    how many receiver peers the test needs
 * @param criteria     pass/fail criteria
 * @param incremental  null for a fixed-rate test; else the steps of an incremental one
 * @param routes       a multipoint test's routes (each a group of peers with its own endpoints);
 *                     empty for a test with one route made of the fields above
 * @param inspectors   the SUT management endpoints to sample during the test, one inspector peer each
 * @param agent        null, or the agent's handler source and scheduled actions
 * @param topology     null, or the routers {@code --local} starts and points the routes at ({@code line 3}, a graph
 *                     file: see org.maestro.client.topology.TopologyDescription)
 * @param router       which router the topology's routers are (null, in a run.json of an older Maestro: the default)
 * @param delivery     null, or how the senders hand messages to the URLs --local fills in: their URL option
 *                     {@link DeliveryMode#URL_OPTION} (a URL the script gives says it itself)
 * @param stages       null for one rate; else the rate profile of all senders together ({@code rate} is then its mean
 *                     rounded up, {@code duration} its length)
 * @param latency      how latency is measured, one way or round trip ({@link LatencyMode}); null (a run.json of an
 *                     older Maestro): one way. A route may set its own
 * @param build        what the run tests, key → value ({@code build=412}, {@code commit=...}: {@link BuildTags}, from
 *                     {@code --tag} or Jenkins' environment); not the script's {@code tags}; empty when nobody said
 */
public record TestPlan(String name, List<String> tags, String description, String sendUrl, String receiveUrl,
                       @JsonProperty(TestPlan.SIZE_KEY) SizeMix messageSize, Rate rate, int connections, TestDuration duration, String warmup,
                       String warmupSendDelay, String warmupMax, String warmupRamp, int senders, int receivers, List<Criterion> criteria,
                       Incremental incremental, List<Route> routes,
                       List<InspectorSpec> inspectors, AgentPlan agent, String topology, RouterKind router,
                       DeliveryMode delivery, RateProfile stages, Map<String, String> build,
                       LatencyMode latency) {
    /** A run.json of an older Maestro names no build: read as none. */
    public TestPlan {
        build = build == null ? Map.of() : build;
        latency = latency == null ? LatencyMode.ONE_WAY_MODE : latency;
    }

    /** The message size's key in run.json, the plan's record: run.json files already written call it so. */
    public static final String SIZE_KEY = "size";

    /** Which router the topology's routers are: the plan's choice, or the default when it made none. */
    public RouterKind routerKind() {
        return router == null ? RouterKind.DEFAULT : router;
    }

    /** A plan built component by component (run.json holds the record's shape). */
    public static TestPlanBuilder builder() {
        return new TestPlanBuilder();
    }

    /** This record with some components changed. */
    public TestPlanBuilder toBuilder() {
        return new TestPlanBuilder()
                .name(name).tags(tags).description(description).sendUrl(sendUrl).receiveUrl(receiveUrl)
                .messageSize(messageSize).rate(rate).connections(connections).duration(duration).warmup(warmup)
                .warmupSendDelay(warmupSendDelay).warmupMax(warmupMax).warmupRamp(warmupRamp).senders(senders).receivers(receivers)
                .criteria(criteria).incremental(incremental).routes(routes).inspectors(inspectors).agent(agent)
                .topology(topology).router(router).delivery(delivery).stages(stages).build(build).latency(latency);
    }

    /**
     * What the agent does: clone {@code sourceUrl} (at {@code branch}, "" = default), then run each
     * action's handler at its time from the start of the load. A null {@code sourceUrl} was not given: a local
     * run makes a repository of the script's handlers directory ({@link #withSource}).
     */
    public record AgentPlan(String sourceUrl, String branch, List<Action> actions, Map<String, String> options) {
        /** The same plan taking its handlers from {@code url}. */
        public AgentPlan withSource(String url) {
            return new AgentPlan(url, branch, actions, options);
        }

        /** The same plan with one more SET option for the agent (passed to handlers as MAESTRO_OPTION_...). */
        public AgentPlan withOption(String key, String value) {
            Map<String, String> more = new LinkedHashMap<>(options);
            more.put(key, value);
            return new AgentPlan(sourceUrl, branch, actions, Map.copyOf(more));
        }

        /**
         * The agents the actions name, in the order first named; "" (the test's one agent) last, when an action names
         * neither an agent nor a group (or there is no action).
         */
        public List<String> agents() {
            LinkedHashSet<String> names = new LinkedHashSet<>();
            actions.stream().map(Action::agent).filter(a -> !a.isEmpty()).forEach(names::add);
            if (actions.isEmpty() || actions.stream().anyMatch(a -> a.agent().isEmpty() && !a.forGroup())) {
                names.add("");
            }
            return List.copyOf(names);
        }

        /** The groups of agents the actions are for, in the order first named. */
        public List<String> groups() {
            return actions.stream().filter(Action::forGroup).map(Action::group).distinct().toList();
        }
    }

    /** The same plan testing {@code other} ({@link BuildTags}). */
    public TestPlan withBuild(Map<String, String> other) {
        return toBuilder().build(other).build();
    }

    /** The same plan with another agent plan. */
    public TestPlan withAgent(AgentPlan other) {
        return toBuilder().agent(other).build();
    }

    /** The same plan with other inspectors (those --local points at the routers it started). */
    public TestPlan withInspectors(List<InspectorSpec> other) {
        return toBuilder().inspectors(other).build();
    }

    /**
     * A handler run at {@code atMillis} after the senders started: by the agent named {@code agent} (a peer's name, e.g.
     * {@code router-2}, the agent beside that router), by every agent of {@code group} (peers started with {@code --group};
     * each agent's run is an outcome of its own), or by the test's one agent when both are "".
     */
    public record Action(long atMillis, String handler, List<String> args, String agent, String group) {
        public Action {
            agent = agent == null ? "" : agent;
            group = group == null ? "" : group;   // null: a run.json written before groups
        }

        public Action(long atMillis, String handler, List<String> args, String agent) {
            this(atMillis, handler, args, agent, "");
        }

        public Action(long atMillis, String handler, List<String> args) {
            this(atMillis, handler, args, "");
        }

        /** Whether every agent of a group runs it. */
        public boolean forGroup() {
            return !group.isEmpty();
        }
    }

    /**
     * An inspector the test needs: {@code type} jolokia or amqp-management, the management
     * {@code url} (with credentials), and its SET options (e.g. inspector.interval).
     */
    public record InspectorSpec(String type, String url, Map<String, String> options) {
    }

    /**
     * One route of a multipoint test: its senders and receivers (the peers started in the group {@code name}) send to
     * {@code sendUrl} and receive from {@code receiveUrl}. Name "" means any peers, whatever their group.
     *
     * @param name        the route's name, also its peers' group on the wire; run.json calls it {@value #NAME_KEY}
     * @param localScheme the scheme of the URL {@code --local} gives the route when it names none
     *                    ({@value #LOCAL_SCHEME} unless the script chose another its embedded SUT speaks)
     */
    public record Route(@JsonProperty(Route.NAME_KEY) String name, String sendUrl, String receiveUrl, int senders, int receivers, String localScheme,
                        RouteSettings settings) {
        /** The route's name's key in run.json: run.json files already written call it so. */
        public static final String NAME_KEY = "group";
        public static final String LOCAL_SCHEME = "amqp";
        /** The protocols --local's embedded SUT speaks (Artemis's names, upper-cased, for its acceptor). */
        public static final List<String> LOCAL_SCHEMES = List.of(LOCAL_SCHEME, "core", "openwire", "mqtt");

        public Route {
            localScheme = localScheme == null ? LOCAL_SCHEME : localScheme;   // null: a run.json written before it existed
            settings = settings == null ? RouteSettings.NONE : settings;
        }

        public Route(String name, String sendUrl, String receiveUrl, int senders, int receivers, String localScheme) {
            this(name, sendUrl, receiveUrl, senders, receivers, localScheme, RouteSettings.NONE);
        }

        public Route(String name, String sendUrl, String receiveUrl, int senders, int receivers) {
            this(name, sendUrl, receiveUrl, senders, receivers, LOCAL_SCHEME);
        }

        /** The same route with other settings of its own. */
        public Route withSettings(RouteSettings other) {
            return new Route(name, sendUrl, receiveUrl, senders, receivers, localScheme, other);
        }

        /** The same route at other URLs (e.g. with their passwords masked). */
        public Route withUrlsReplaced(String send, String receive) {
            return new Route(name, send, receive, senders, receivers, localScheme, settings);
        }

        /** The same route with its missing URLs given: senders send to {@code send}, receivers receive from {@code receive}. */
        public Route withUrls(String send, String receive) {
            return new Route(name, sendUrl == null ? send : sendUrl, receiveUrl == null ? receive : receiveUrl, senders,
                    receivers, localScheme, settings);
        }

        /** Whether it receives from a topic: each subscriber gets every message, so its gaps are what was lost. */
        public boolean onTopic() {
            return receiveUrl != null && receiveUrl.contains("type=topic");
        }

        /**
         * Whether its receivers compete on a queue (more than one): each gets a share of every sender's messages, so
         * a gap in one receiver's sequence is another's message, not a loss. Only the totals tell the loss.
         */
        public boolean competingReceivers() {
            return !onTopic() && receivers > 1;
        }
    }

    /** The routes the test runs: its own, or the single one its fields describe. */
    public List<Route> effectiveRoutes() {
        return routes.isEmpty() ? List.of(new Route("", sendUrl, receiveUrl, senders, receivers)) : routes;
    }

    /**
     * The total rate all senders together are asked for: each route's own rate, plus the test's for the routes that set
     * none; 0 (flat out) when any route sends flat out, since then there is no total to reach.
     */
    public Rate targetRate() {
        long total = 0;
        boolean shared = false;
        for (Route r : effectiveRoutes()) {
            Long own = r.settings().ownRatePerSecond();
            if (own == null) {
                shared = true;
            } else if (own == 0) {
                return new Rate(0);
            } else {
                total += own;
            }
        }
        if (shared) {
            if (rate.isFlatOut()) {
                return new Rate(0);
            }
            total += rate.perSecond();
        }
        return new Rate(total);
    }

    /** Whether {@code route}'s senders send flat out (no schedule, so no send delay). */
    public boolean flatOut(Route route) {
        Long own = route.settings().ownRatePerSecond();
        return own == null ? rate.isFlatOut() : own == 0;
    }

    /** Whether some route receives from a topic ({@link Route#onTopic}). */
    public boolean onTopic() {
        return effectiveRoutes().stream().anyMatch(Route::onTopic);
    }

    /** Whether some route's receivers compete on a queue ({@link Route#competingReceivers}). */
    public boolean competingReceivers() {
        return effectiveRoutes().stream().anyMatch(Route::competingReceivers);
    }

    public int totalSenders() {
        return effectiveRoutes().stream().mapToInt(Route::senders).sum();
    }

    /** True when some route has no SUT URL (so --local must provide one). */
    public boolean lacksSut() {
        return effectiveRoutes().stream().anyMatch(r -> r.sendUrl() == null || r.receiveUrl() == null);
    }

    /** The same plan with its routes' missing URLs filled in by {@code urlFor(route name, scheme)}. */
    public TestPlan withSut(BiFunction<String, String, String> urlFor, String sutDescription) {
        return withSut(urlFor, urlFor, sutDescription);
    }

    /**
     * The same plan with its routes' missing send URLs filled in by {@code sendUrlFor(route name, scheme)} and receive URLs by
     * {@code receiveUrlFor} (the two ends of a topology of routers).
     */
    public TestPlan withSut(BiFunction<String, String, String> sendUrlFor,
                            BiFunction<String, String, String> receiveUrlFor, String sutDescription) {
        BiFunction<String, String, String> send = delivery == null ? sendUrlFor
                : (route, scheme) -> withDelivery(sendUrlFor.apply(route, scheme));
        List<Route> filled = routes.stream().map(r -> r.withUrls(send.apply(r.name(), r.localScheme()),
                receiveUrlFor.apply(r.name(), r.localScheme()))).toList();
        return toBuilder().description(description.isEmpty() ? sutDescription : description)
                .sendUrl(sendUrl == null ? send.apply("", Route.LOCAL_SCHEME) : sendUrl)
                .receiveUrl(receiveUrl == null ? receiveUrlFor.apply("", Route.LOCAL_SCHEME) : receiveUrl)
                .routes(filled).build();
    }

    /** {@code url} with the plan's delivery as its URL option, as a user would write it. */
    private String withDelivery(String url) {
        return url + (url.contains("?") ? "&" : "?") + DeliveryMode.URL_OPTION + "=" + delivery.word();
    }

    /**
     * A search for the highest sustainable rate (an incremental test): a coarse climb from {@code startRate} by
     * {@code step} up to {@code maxRate}, each step a run of {@code stepDuration}, then a bisection between the last
     * sustainable and the first unsustainable rate until they are {@code resolution} apart; the whole search at most
     * {@code maxTime}. A step is judged by org.maestro.results.Sustainability with {@code sendDelayMaxMillis}
     * and {@code rateTolerance}.
     *
     * @param resolution         msg/s; equal to {@code step}: no bisection (the climb alone, as before)
     * @param maxTime            the hard cap on the search's total time
     * @param sendDelayMaxMillis the send delay p99 of a sender still on schedule
     * @param rateTolerance      the shortfall of a rate still taken as keeping up, a fraction
     * @param confirmDuration    how long the confirmation run after the search lasts, at least
     *                           {@value #CONFIRM_STEPS} times {@code stepDuration} ({@link #confirmDuration(TestDuration)})
     * @param confirmTries       how many confirmation runs may lower the answer until one holds; 0: none
     * @param confirmWarmup      the confirmation's warm-up, as a user's run sets it (its cap and send-delay bound then
     *                           the workers' defaults, as such a run has them); null: the steps' warm-up settings
     */
    public record Incremental(long startRate, long step, long maxRate, TestDuration stepDuration, long resolution,
                              Duration maxTime, double sendDelayMaxMillis, double rateTolerance,
                              TestDuration confirmDuration, int confirmTries, String confirmWarmup) {
        /** The climb alone, as an {@code incremental { }} block without the search's settings has it. */
        public Incremental(long startRate, long step, long maxRate, TestDuration stepDuration) {
            this(startRate, step, maxRate, stepDuration, step, Duration.ofMinutes(DEFAULT_MAX_MINUTES),
                    Sustainability.DEFAULT_SEND_DELAY_MAX_MILLIS,
                    Sustainability.DEFAULT_RATE_TOLERANCE);
        }

        /** With the default confirmation: {@value #CONFIRM_STEPS} step durations, at most {@value #DEFAULT_CONFIRM_TRIES} tries. */
        public Incremental(long startRate, long step, long maxRate, TestDuration stepDuration, long resolution,
                           Duration maxTime, double sendDelayMaxMillis, double rateTolerance) {
            this(startRate, step, maxRate, stepDuration, resolution, maxTime, sendDelayMaxMillis, rateTolerance,
                    confirmDuration(stepDuration), DEFAULT_CONFIRM_TRIES, null);
        }

        /**
         * How many step durations a confirmation lasts at least: long enough that a send-delay debt a cold start runs
         * up, which a step's few seconds hide, shows as a shortfall.
         */
        public static final int CONFIRM_STEPS = 3;
        /** How many confirmation runs may settle the answer when the script sets none: down until one holds, then bisecting. */
        public static final int DEFAULT_CONFIRM_TRIES = 4;

        /** The shortest confirmation of steps of {@code stepDuration}: {@value #CONFIRM_STEPS} of them. */
        public static TestDuration confirmDuration(TestDuration stepDuration) {
            return stepDuration instanceof TestDuration.ByTime t
                    ? new TestDuration.ByTime(t.duration().multipliedBy(CONFIRM_STEPS))
                    : new TestDuration.ByCount(((TestDuration.ByCount) stepDuration).messages() * CONFIRM_STEPS);
        }

        /** The cap on a search's total time when the script sets none. */
        public static final long DEFAULT_MAX_MINUTES = 60;

        /** The judge of its steps. */
        public Sustainability sustainability() {
            return new Sustainability(rateTolerance, sendDelayMaxMillis);
        }
    }

    /**
     * The search's confirmation run at {@code perSecond}: the plan at that rate for the confirmation's duration, with the
     * confirmation's warm-up when the search sets one.
     */
    public TestPlan confirmationAt(long perSecond) {
        TestPlan run = atRate(perSecond, incremental.confirmDuration());
        return incremental.confirmWarmup() == null ? run
                : run.toBuilder().warmup(incremental.confirmWarmup()).warmupMax(null).warmupSendDelay(null).build();
    }

    /** The same plan at another total rate (one step of an incremental test). */
    public TestPlan atRate(long perSecond, TestDuration stepDuration) {
        return toBuilder().rate(new Rate(perSecond)).duration(stepDuration).incremental(null).stages(null).build();
    }
}
