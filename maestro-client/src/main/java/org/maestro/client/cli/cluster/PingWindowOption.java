package org.maestro.client.cli.cluster;

import org.maestro.common.cli.TimeConverter;
import picocli.CommandLine.Option;

import java.time.Duration;

/** {@code --window}: how long a command that PINGs every peer (ping, targets) collects their answers. */
public final class PingWindowOption {
    @Option(names = "--window", defaultValue = "2s", converter = TimeConverter.class,
            description = "how long to collect answers to PING (default: ${DEFAULT-VALUE})")
    Duration window;
}
