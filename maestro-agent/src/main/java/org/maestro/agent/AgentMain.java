package org.maestro.agent;

import org.maestro.common.cli.OneLineErrors;
import org.maestro.agent.source.SourceAllowlist;
import org.maestro.common.cli.TimeConverter;
import org.maestro.common.note.Role;
import org.maestro.common.peer.PeerOptions;
import org.maestro.common.peer.PeerProcess;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code maestro-agent --broker mqtt://… --name … [--allow URL-PREFIX…]}: an agent peer that fetches a
 * git repository of handlers and runs them on command.
 */
@Command(name = "maestro-agent", mixinStandardHelpOptions = true,
        description = "Starts an agent peer: it fetches a git repository of handler scripts (AGENT_SOURCE) and runs them"
                + " on START_AGENT, STOP_AGENT and USER_COMMAND_1, each with a timeout.")
public final class AgentMain implements Callable<Integer> {
    private static final Logger LOG = LoggerFactory.getLogger(AgentMain.class);

    @Mixin
    PeerOptions peer = new PeerOptions();

    @Option(names = "--work-dir", defaultValue = "maestro-agent-work",
            description = "where git sources are fetched and checked out (default: ${DEFAULT-VALUE})")
    Path workDir;

    @Option(names = "--allow", arity = "1..*", paramLabel = "SOURCE",
            description = "git sources this agent takes: URL prefixes (https://git.lab/qe/) or patterns (https://git.lab/*/handlers.git,"
                    + " ** = anything). Without --allow only file:// repositories under --work-dir are taken.")
    List<String> allow = new ArrayList<>();

    @Option(names = "--handler-timeout", defaultValue = "5m", converter = TimeConverter.class,
            description = "how long a handler may run before it is killed (SET agent.handler.timeout overrides it; default: ${DEFAULT-VALUE})")
    Duration handlerTimeout;

    public static void main(String[] args) {
        System.exit(OneLineErrors.execute(new AgentMain(), "maestro-agent", args));
    }

    @Override
    public Integer call() throws Exception {
        // The broker first: a refused password file is the one line printed, before anything is logged.
        PeerProcess.Launch launch = peer.launch("maestro-agent", Role.AGENT);
        SourceAllowlist allowlist;
        Path work = Files.createDirectories(workDir.toAbsolutePath());
        try {
            allowlist = SourceAllowlist.of(allow, work);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(new CommandLine(this), e.getMessage());
        }
        if (allowlist.isDefault()) {
            LOG.info("no --allow given: this agent only takes file:// repositories under {}", work);
        }
        return PeerProcess.run(launch,
                (data, dataUrl) -> new AgentHandler(AgentSettings.of(data, work, allowlist, dataUrl).withHandlerTimeout(handlerTimeout)),
                "sources allowed: " + allowlist + "; work in " + work);
    }
}
