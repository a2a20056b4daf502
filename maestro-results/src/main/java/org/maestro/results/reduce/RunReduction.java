package org.maestro.results.reduce;

import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

import org.HdrHistogram.Histogram;
import org.maestro.common.runfiles.TestJson;

/**
 * A run's sender and receiver files reduced once, for every surface: the client's summary.json, the report, the
 * comparison (and through summary.json the index and JUnit). Its {@link Frame} holds what the workers' test.json
 * files say (each one's start and warm-up boundary, its route, the run's origin); the reduction adds each worker's
 * rate logs and HDR logs read in one pass ({@link PeerReduction}), with the per-bucket counts the charts draw. A
 * surface that draws something per interval of the HDR logs (a percentile per second, a slice of the run) is told
 * each interval during the same pass ({@link Intervals}), never reads the logs again.
 */
public final class RunReduction {
    /** Told every interval of every worker's HDR logs ({@link PeerReduction#logsOf}), warm-up included, as it is read. */
    public interface Intervals {
        Intervals NONE = (worker, file, interval) -> {
        };

        void interval(WarmupBoundary.Worker worker, String file, Histogram interval);
    }

    private final Frame frame;
    private final int bucketSeconds;
    private final Map<String, PeerReduction> peers;

    private RunReduction(Frame frame, int bucketSeconds, Map<String, PeerReduction> peers) {
        this.frame = frame;
        this.bucketSeconds = bucketSeconds;
        this.peers = peers;
    }

    /**
     * Reads the workers of {@code frame} that {@code collected} accepts (the client leaves out those whose data it knows
     * to be missing), counts per second from its origin, telling no one of the intervals.
     */
    public static RunReduction read(Frame frame, Predicate<WarmupBoundary.Worker> collected) throws IOException {
        return read(frame, collected, 1, rateLogs -> Intervals.NONE);
    }

    /**
     * Reads every worker of {@code frame}: first all rate logs (counts per {@code bucketSeconds} from the origin), then
     * all HDR logs, each interval told to the listener {@code intervals} makes of the rate logs' reduction (by worker
     * name): a surface that cuts the measured period into slices knows the period before the first interval.
     */
    public static RunReduction read(Frame frame, int bucketSeconds, Function<Map<String, RateLogTally>, Intervals> intervals)
            throws IOException {
        return read(frame, w -> true, bucketSeconds, intervals);
    }

    private static RunReduction read(Frame frame, Predicate<WarmupBoundary.Worker> collected, int bucketSeconds,
                                     Function<Map<String, RateLogTally>, Intervals> intervals) throws IOException {
        List<WarmupBoundary.Worker> read = frame.workers().stream().filter(collected).toList();
        Map<String, RateLogTally> rateLogs = new LinkedHashMap<>();
        for (WarmupBoundary.Worker w : read) {
            rateLogs.put(w.name(), RateLogTally.read(w.dir(), frame.boundary(w.name()), frame.originMicros(), bucketSeconds));
        }
        Intervals told = intervals.apply(rateLogs);
        Map<String, PeerReduction> peers = new LinkedHashMap<>();
        for (WarmupBoundary.Worker w : read) {
            Map<String, Histogram> measured = PeerReduction.readLatency(w.dir(), w.sender(), (file, h) -> told.interval(w, file, h));
            peers.put(w.name(), new PeerReduction(w.name(), w.sender(), frame.boundary(w.name()), frame.spanStart(w.name()),
                    rateLogs.get(w.name()), measured));
        }
        return new RunReduction(frame, bucketSeconds, peers);
    }

    public Frame frame() {
        return frame;
    }

    /** The origin of the run's time axis: {@link Frame#originMicros}. */
    public long originMicros() {
        return frame.originMicros();
    }

    /** The width of the reduction's per-bucket counts. */
    public int bucketSeconds() {
        return bucketSeconds;
    }

    /** The worker {@code name}'s files reduced; null when it is no sender or receiver of the run. */
    public PeerReduction peer(String name) {
        return peers.get(name);
    }

    /** Every worker's reduction, in the frame's order. */
    public List<PeerReduction> peers() {
        return List.copyOf(peers.values());
    }

    /** The latest message of the workers {@code which} accepts, among those read (epoch microseconds); 0 when none. */
    public long lastMessageMicros(Predicate<WarmupBoundary.Worker> which) {
        return frame.workers().stream().filter(which).map(w -> peers.get(w.name())).filter(p -> p != null)
                .mapToLong(p -> p.rateLogs().lastEpochMicros()).max().orElse(0);
    }

    /** The workers {@code which} accepts among those read, in the frame's order. */
    public List<WarmupBoundary.Worker> workers(Predicate<WarmupBoundary.Worker> which) {
        return frame.workers().stream().filter(w -> peers.containsKey(w.name())).filter(which).toList();
    }

    /** The HDR log {@code file} after warm-up, of every worker that writes it, merged. */
    public Histogram measured(String file) {
        Histogram sum = new Histogram(3);
        peers.values().stream().filter(p -> PeerReduction.logsOf(p.sender()).contains(file)).forEach(p -> sum.add(p.measured(file)));
        return sum;
    }

    /**
     * What the workers' test.json files say of the run, read once: each worker's start and warm-up boundary
     * ({@link WarmupBoundary}, computed here and nowhere else), its route, and the run's origin.
     */
    public static final class Frame {
        private final List<WarmupBoundary.Worker> workers;
        private final Map<String, TestJson.Worker> tests;
        private final Map<String, Long> starts;
        private final Map<String, WarmupBoundary.Boundary> boundaries;
        private final long originMicros;
        /** The peer→route map: each worker's route, by name (a worker of a run of one route has none). */
        private final Map<String, String> routes = new HashMap<>();

        private Frame(List<WarmupBoundary.Worker> workers, Map<String, TestJson.Worker> tests, Map<String, Long> starts,
                      Map<String, WarmupBoundary.Boundary> boundaries, long originMicros) {
            workers.stream().filter(w -> w.route() != null).forEach(w -> routes.put(w.name(), w.route()));
            this.workers = workers;
            this.tests = tests;
            this.starts = starts;
            this.boundaries = boundaries;
            this.originMicros = originMicros;
        }

        /**
         * Reads the test.json of each worker.
         *
         * @param workers            the run's senders and receivers, each with its route (null for a run of one)
         * @param writtenOriginMicros the origin summary.json holds, or null (an older summary.json, or none yet): then
         *                           derived by {@link #originMicros}'s rule
         * @param fallbackMicros     the origin when no worker says when it started (the run's start)
         */
        public static Frame of(List<WarmupBoundary.Worker> workers, Long writtenOriginMicros, long fallbackMicros)
                throws IOException {
            Map<String, TestJson.Worker> tests = new HashMap<>();
            for (WarmupBoundary.Worker w : workers) {
                TestJson.worker(w.dir()).ifPresent(test -> tests.put(w.name(), test));
            }
            return of(workers, tests, writtenOriginMicros, fallbackMicros);
        }

        /** As {@link #of(List, Long, long)}, from the workers' test.json files already read (by name; absent: none). */
        public static Frame of(List<WarmupBoundary.Worker> workers, Map<String, TestJson.Worker> tests, Long writtenOriginMicros,
                               long fallbackMicros) {
            Map<String, Long> starts = new LinkedHashMap<>();
            for (WarmupBoundary.Worker w : workers) {
                TestJson.Worker test = tests.get(w.name());
                starts.put(w.name(), test == null ? -1L : test.startEpochMicros());
            }
            long origin = writtenOriginMicros != null ? writtenOriginMicros : derivedOrigin(workers, starts, fallbackMicros);
            return new Frame(List.copyOf(workers), Map.copyOf(tests), starts, WarmupBoundary.of(workers, tests), origin);
        }

        /**
         * The origin of the run's time axis, epoch microseconds: the first sender's start (its test.json), when messages
         * begin; without a sender the first receiver's, else the run's start. It is the load's clock: the client counts
         * its live line and schedules the agents' actions ("at 10 s") from the senders' start, so an action planned at
         * 10 s is drawn at 10 s, not at 10 s plus the discovery, probe and SET before the load; two runs compared line up
         * on it. Receivers and inspectors started before the senders sit at negative times. summary.json holds it
         * ({@link Summary#origin}); a summary.json without it gets it by this same rule.
         */
        public long originMicros() {
            return originMicros;
        }

        private static long derivedOrigin(List<WarmupBoundary.Worker> workers, Map<String, Long> starts, long fallbackMicros) {
            long senders = firstStart(workers, starts, WarmupBoundary.Worker::sender);
            if (senders >= 0) {
                return senders;
            }
            long receivers = firstStart(workers, starts, w -> !w.sender());
            return receivers >= 0 ? receivers : fallbackMicros;
        }

        /** The earliest start (test.json) of the workers that {@code which} accepts; -1 when none says. */
        public long firstStart(Predicate<WarmupBoundary.Worker> which) {
            return firstStart(workers, starts, which);
        }

        private static long firstStart(List<WarmupBoundary.Worker> workers, Map<String, Long> starts,
                                       Predicate<WarmupBoundary.Worker> which) {
            return workers.stream().filter(which).mapToLong(w -> starts.get(w.name())).filter(s -> s >= 0).min().orElse(-1);
        }

        /** The worker {@code name}'s test.json, as the frame read it; empty when it has none (or is no worker). */
        public Optional<TestJson.Worker> test(String name) {
            return Optional.ofNullable(tests.get(name));
        }

        /** The run's senders and receivers. */
        public List<WarmupBoundary.Worker> workers() {
            return workers;
        }

        /** The worker {@code name}'s warm-up boundary ({@link WarmupBoundary}); 0 when none. */
        public long boundary(String name) {
            return boundaries.getOrDefault(name, WarmupBoundary.Boundary.NONE).dueFromMicros();
        }

        /** Where the worker {@code name}'s measured span starts, on its own clock ({@link WarmupBoundary}); 0 when none. */
        public long spanStart(String name) {
            return boundaries.getOrDefault(name, WarmupBoundary.Boundary.NONE).spanFromMicros();
        }

        /** The earliest sender's warm-up boundary (where the generators' measured span begins); 0 when none. */
        public long firstSenderBoundary() {
            return workers.stream().filter(WarmupBoundary.Worker::sender).mapToLong(w -> boundary(w.name())).filter(b -> b > 0)
                    .min().orElse(0);
        }

        /** The latest boundary of any worker; 0 when none. */
        public long lastBoundary() {
            return boundaries.values().stream().mapToLong(WarmupBoundary.Boundary::dueFromMicros).filter(b -> b > 0).max().orElse(0);
        }

        /** The route of the worker {@code name}: its group, or null (a run of one route, or no such worker). */
        public String route(String name) {
            return routes.get(name);
        }
    }
}
