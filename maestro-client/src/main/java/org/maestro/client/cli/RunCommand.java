package org.maestro.client.cli;

import org.maestro.client.dsl.ScriptException;
import org.maestro.client.dsl.ScriptRunner;
import org.maestro.client.plan.TestPlan;
import org.maestro.client.run.TestExecutor;
import org.maestro.common.cli.BrokerOption;
import org.maestro.common.cli.TimeConverter;
import org.maestro.common.util.Passwords;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code maestro run SCRIPT}: the script's test, or its tests one after the other ({@link SuiteRunner}). */
@Command(name = "run", mixinStandardHelpOptions = true, description = "Runs a scenario script against a cluster, or on this machine with --local.")
final class RunCommand implements Callable<Integer> {
    @Parameters(paramLabel = "SCRIPT", description = "the Groovy scenario")
    Path script;

    @Mixin
    BrokerOption broker = new BrokerOption();

    @Option(names = "--local", description = "start an embedded MQTT broker and local peers (and an embedded SUT when the script names none)")
    boolean local;

    @Option(names = "-P", paramLabel = "NAME=VALUE", description = "a value for the script's param(NAME, default)")
    Map<String, String> params = new LinkedHashMap<>();

    @Option(names = ParamsFile.OPTION, paramLabel = "FILE", description = "the script's params as NAME=VALUE lines, for"
            + " those that hold credentials (SUT and management URLs, the agent's source), which the command line would"
            + " show to every user of the host (ps); FILE must be readable by its owner only (mode 0600). -P wins over it.")
    Path paramsFile;

    @Option(names = "--runs", defaultValue = "runs", description = "where run directories go (default: ${DEFAULT-VALUE})")
    Path runs;

    @Option(names = "--discovery-timeout", defaultValue = MaestroMain.DISCOVERY_TIMEOUT, converter = TimeConverter.class,
            description = "how long to wait for the required peers (default: ${DEFAULT-VALUE})")
    Duration discoveryTimeout;

    @Option(names = "--control-grace", defaultValue = TestExecutor.DEFAULT_CONTROL_GRACE, converter = TimeConverter.class,
            description = "how long a peer, or the control broker, may be away from the control plane during a test before"
                    + " the test fails; shorter absences are reported as interruptions (default: ${DEFAULT-VALUE})")
    Duration controlGrace;

    @Mixin
    BaselineOptions baseline = new BaselineOptions();

    @Mixin
    BuildTagOption build = new BuildTagOption();

    @Override
    public Integer call() throws Exception {
        List<TestPlan> plans;
        try {
            Map<String, String> all = new LinkedHashMap<>(paramsFile == null ? Map.of() : ParamsFile.read(paramsFile));
            all.putAll(params);
            // A -P value is on this command line, which ps shows to every user of the host: say so, and where it belongs.
            params.forEach((name, value) -> {
                if (!Passwords.redact(value).equals(value)) {
                    System.err.println("maestro: warning: -P " + name + " holds a password, which every user of this host can read"
                            + " in ps; give it in --params-file FILE (NAME=VALUE lines, mode 0600) instead");
                }
            });
            Map<String, String> tested = build.tags(System.getenv());
            plans = ScriptRunner.loadAll(script, all, local).stream().map(p -> p.withBuild(tested)).toList();
        } catch (ScriptException | IllegalArgumentException e) {
            System.err.println("maestro: " + e.getMessage());
            return MaestroMain.CANNOT_RUN;
        }
        RunInputs inputs = new RunInputs.Builder().local(local, script.toAbsolutePath().resolveSibling("handlers"))
                .broker(broker).runs(runs).waits(discoveryTimeout, controlGrace).baseline(baseline.check()).build();
        if (plans.size() == 1) {
            return PlanRunner.run(plans.get(0), inputs);
        }
        return SuiteRunner.run(plans, script.getFileName().toString(), inputs);
    }
}
