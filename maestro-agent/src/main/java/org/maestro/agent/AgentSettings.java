package org.maestro.agent;

import org.maestro.agent.source.SourceAllowlist;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * How an agent was started (its command line, or a test's choice).
 *
 * @param dataDir         where test files go: {@code <dataDir>/<test-id>/<peer-name>/}
 * @param workDir         where git sources are fetched and checked out
 * @param allowlist       the git sources it takes
 * @param handlerTimeout  how long a handler may run unless SET {@code agent.handler.timeout} says otherwise
 * @param dataUrl         the URL of its data server ("" when it has none)
 * @param fetchTimeout    how long a git fetch may wait on the network
 * @param maxRunning      how many handler runs may be under way at once
 * @param ownOptions      options that describe what this agent sits beside (e.g. {@code router.conf} of the router it
 *                        restarts), passed to its handlers like SET options and taking precedence over them: a test's SET
 *                        goes to every agent alike, these to this one only
 */
public record AgentSettings(Path dataDir, Path workDir, SourceAllowlist allowlist, Duration handlerTimeout, String dataUrl,
                            Duration fetchTimeout, int maxRunning, Map<String, String> ownOptions) {
    public AgentSettings {
        ownOptions = Map.copyOf(ownOptions);
    }

    public static final Duration DEFAULT_HANDLER_TIMEOUT = Duration.ofMinutes(5);
    public static final Duration DEFAULT_FETCH_TIMEOUT = Duration.ofSeconds(60);
    public static final int DEFAULT_MAX_RUNNING = 32;

    /** The defaults, with these directories, allowlist and data URL. */
    public static AgentSettings of(Path dataDir, Path workDir, SourceAllowlist allowlist, String dataUrl) {
        return new AgentSettings(dataDir, workDir, allowlist, DEFAULT_HANDLER_TIMEOUT, dataUrl, DEFAULT_FETCH_TIMEOUT,
                DEFAULT_MAX_RUNNING, Map.of());
    }

    public AgentSettings withHandlerTimeout(Duration timeout) {
        return new AgentSettings(dataDir, workDir, allowlist, timeout, dataUrl, fetchTimeout, maxRunning, ownOptions);
    }

    public AgentSettings withOwnOptions(Map<String, String> options) {
        return new AgentSettings(dataDir, workDir, allowlist, handlerTimeout, dataUrl, fetchTimeout, maxRunning, options);
    }
}
