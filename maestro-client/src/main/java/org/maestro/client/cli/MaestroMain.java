package org.maestro.client.cli;

import org.maestro.client.cli.cluster.CollectCommand;
import org.maestro.client.cli.cluster.HaltCommand;
import org.maestro.client.cli.cluster.PingCommand;
import org.maestro.client.cli.cluster.StatsCommand;
import org.maestro.client.cli.cluster.StopCommand;
import org.maestro.client.cli.cluster.TargetsCommand;
import org.maestro.agent.AgentMain;
import org.maestro.client.control.ControlClient;
import org.maestro.common.cli.OneLineErrors;
import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.mqtt.TransportException;
import org.maestro.inspector.InspectMain;
import org.maestro.inspector.InspectorMain;
import org.maestro.reports.compare.CompareMain;
import org.maestro.reports.page.ReportMain;
import org.maestro.reports.serve.ServeMain;
import org.maestro.worker.WorkerMain;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;

import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * The {@code maestro} command, picocli's root: each subcommand is a class of its own beside it. Exit codes: 0 passed,
 * 1 a criterion failed, 2 the test could not run, 130 the run was interrupted (Ctrl-C, SIGTERM).
 */
@Command(name = "maestro", mixinStandardHelpOptions = true, versionProvider = MaestroVersion.class,
        description = "Distributed performance tests for messaging systems.",
        subcommands = {RunCommand.class, DemoCommand.class, PingCommand.class, StatsCommand.class, HaltCommand.class,
                StopCommand.class, CollectCommand.class, TargetsCommand.class, HistoryCommand.class})
public final class MaestroMain implements Callable<Integer> {
    public static final int PASSED = 0;
    public static final int CANNOT_RUN = OneLineErrors.CANNOT_RUN;
    /** How long {@code run} and {@code demo} wait for the peers a test needs, unless told otherwise. */
    static final String DISCOVERY_TIMEOUT = "30s";

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit code (for tests). */
    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    /** The whole command line, every subcommand included, ready to execute or only to parse (the compose file's test). */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new MaestroMain());
        cl.addSubcommand("worker", new WorkerMain());
        cl.addSubcommand("inspector", new InspectorMain());
        cl.addSubcommand("inspect", new InspectMain());
        cl.addSubcommand("agent", new AgentMain());
        cl.addSubcommand("report", new ReportMain());
        cl.addSubcommand("compare", new CompareMain());
        cl.addSubcommand("serve", new ServeMain());
        cl.addSubcommand("topology", new TopologyCommand());
        cl.addSubcommand(ConfirmLimitCommand.NAME, new ConfirmLimitCommand());
        cl.addSubcommand("help", new CommandLine.HelpCommand());
        named(cl);
        return OneLineErrors.of(cl, "maestro");
    }

    /**
     * Each subcommand under the name it is called by ("maestro worker", not the module main's own "maestro-worker"),
     * and answering {@code -V} with the version as {@code maestro -V} does, rather than printing nothing.
     */
    private static void named(CommandLine cl) {
        cl.getSubcommands().forEach((name, sub) -> {
            CommandSpec spec = sub.getCommandSpec();
            spec.name(name);
            if (spec.version().length == 0) {
                spec.versionProvider(new MaestroVersion());
            }
            named(sub);
        });
    }

    @Override
    public Integer call() {
        CommandLine.usage(this, System.out);
        return CANNOT_RUN;
    }

    /** A client connected to the control broker, for the commands that talk to peers. */
    public static ControlClient connect(BrokerUrl broker) throws TransportException {
        return new ControlClient(broker).connect(Duration.ofSeconds(10));
    }
}
