package org.maestro.common.cli;

import org.maestro.common.units.TimeSpan;
import picocli.CommandLine;

import java.time.Duration;

/**
 * Reads a time option ({@code --window 2s}) with {@link TimeSpan#parse(String)}: a count or zero is a
 * usage error that picocli prefixes with the option's name, e.g.
 * {@code Invalid value for option '--window': bad time '5': a message count, not a time; expected a time like 5s}.
 */
public final class TimeConverter implements CommandLine.ITypeConverter<Duration> {
    @Override
    public Duration convert(String text) {
        try {
            return TimeSpan.parse(text);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
