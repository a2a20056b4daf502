package org.maestro.client.cli;

import org.maestro.client.dsl.ScriptException;
import org.maestro.client.dsl.ScriptRunner;
import org.maestro.client.plan.TestPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code maestro demo}: the bundled demo.groovy, on this machine. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "A real test on this machine with nothing to set up: embedded broker, SUT and peers.")
final class DemoCommand implements Callable<Integer> {
    @Option(names = "--runs", defaultValue = "runs", description = "where run directories go (default: ${DEFAULT-VALUE})")
    Path runs;

    @Option(names = "-P", paramLabel = "NAME=VALUE", description = "override the demo's parameters: rate, duration, size")
    Map<String, String> params = new LinkedHashMap<>();

    @Mixin
    BaselineOptions baseline = new BaselineOptions();

    @Override
    public Integer call() throws Exception {
        String text;
        try (InputStream in = DemoCommand.class.getResourceAsStream("/demo.groovy")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        TestPlan plan;
        try {
            plan = ScriptRunner.load("demo.groovy", text, params);
        } catch (ScriptException e) {
            System.err.println("maestro: " + e.getMessage());
            return MaestroMain.CANNOT_RUN;
        }
        return PlanRunner.run(plan, RunInputs.demo(runs, baseline.check()));
    }
}
