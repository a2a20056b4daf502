package org.maestro.agent.script;

import org.maestro.agent.source.Checkout;
import org.maestro.common.note.Command;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Everything one handler run needs, fixed when the request arrives (a later SET or AGENT_SOURCE does
 * not change a run that has started).
 *
 * @param runId     the agent's id for this run (NOTIFY_HANDLER, file names)
 * @param command   START_AGENT, STOP_AGENT or USER_COMMAND_1
 * @param handler   the handler path as requested
 * @param args      the arguments as requested, passed verbatim
 * @param file      the handler file, resolved inside {@code checkout}; null when refused before that
 * @param checkout  the source commit it runs from; null when the agent has no source
 * @param options   the SET options in force
 * @param testId    the test it belongs to
 * @param outputDir {@code <data-dir>/<test-id>/<peer-name>/}, where its log goes
 * @param timeout   how long it may run
 * @param note      the request that asked for it
 * @param agentName the agent peer's name
 * @param notifier  sends a notification to the client
 */
public record ExecutionContext(String runId, Command command, String handler, List<String> args, Path file, Checkout checkout,
                         Map<String, String> options, String testId, Path outputDir, Duration timeout, Note note,
                         String agentName, Consumer<Payload.Notification> notifier) {

    public ExecutionContext {
        args = List.copyOf(args);
        options = Map.copyOf(options);
    }

    /** The working directory of the handler: the root of its checkout. */
    public Path repo() {
        return checkout.dir();
    }
}
