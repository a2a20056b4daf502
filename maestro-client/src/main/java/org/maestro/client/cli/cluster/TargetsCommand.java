package org.maestro.client.cli.cluster;

import org.maestro.client.cli.MaestroMain;
import org.maestro.client.control.ControlClient;
import org.maestro.common.cli.BrokerOption;
import org.maestro.common.cli.TimeConverter;
import org.maestro.common.units.TestDuration;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;

/** {@code maestro targets}: the peers' metrics endpoints, for Prometheus. */
@Command(name = "targets", mixinStandardHelpOptions = true,
        description = {"Writes the peers' metrics endpoints as a Prometheus file_sd list (JSON): PINGs every peer and"
                + " asks each for its data server, which serves /metrics; each target is labelled peer, role, group"
                + " and peer_id. See docs/metrics.md and prometheus/prometheus.yml."})
public final class TargetsCommand implements Callable<Integer> {
    @Mixin
    BrokerOption broker = new BrokerOption();

    @Mixin
    PingWindowOption ping = new PingWindowOption();

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "the file Prometheus reads (written whole, by renaming); standard output without it")
    Path output;

    @Option(names = "--every", paramLabel = "TIME", converter = TimeConverter.class,
            description = "with --output: look again at this interval until stopped, so peers that come and go are"
                    + " followed (e.g. 30s); once without it")
    Duration every;

    @Override
    public Integer call() throws Exception {
        if (every != null && output == null) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--every needs --output FILE: the list is"
                    + " rewritten there at each look");
        }
        if (every != null && every.compareTo(ping.window) <= 0) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--every " + new TestDuration.ByTime(every)
                    + " must be longer than --window " + new TestDuration.ByTime(ping.window));
        }
        try (ControlClient client = MaestroMain.connect(broker.url())) {
            while (true) {
                MetricsTargets.Found found = MetricsTargets.find(client, ping.window);
                String json = MetricsTargets.fileSd(found.targets());
                found.skipped().forEach(line -> System.err.println("maestro targets: skipped " + line));
                if (output == null) {
                    System.out.print(json);
                } else {
                    MetricsTargets.write(output, json);
                    System.out.println(found.targets().size() + " target(s) written to " + output);
                }
                if (every == null) {
                    return found.targets().isEmpty() ? MaestroMain.CANNOT_RUN : MaestroMain.PASSED;
                }
                Thread.sleep(every.minus(ping.window).toMillis()); // the interval between looks, not a synchronisation
            }
        }
    }
}
