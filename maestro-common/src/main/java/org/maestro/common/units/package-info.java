/**
 * Value types for the units written in test scenarios: how long a test runs ({@link
 * org.maestro.common.units.TestDuration}), how big its messages are ({@link
 * org.maestro.common.units.MessageSize}) and how fast it sends them ({@link
 * org.maestro.common.units.Rate}).
 *
 * <p>Each type has a static {@code parse(String)} that accepts the text a scenario author writes
 * and a {@code toString()} that gives a canonical text which parses back to an equal value. Bad
 * text is reported with a {@link org.maestro.common.units.UnitFormatException} that names the
 * kind of value, quotes the text and shows valid examples.
 *
 * <p>Where only a time makes sense (a timeout, an interval, a warm-up), {@link
 * org.maestro.common.units.TimeSpan} reads the times of a test duration into a {@code
 * java.time.Duration} and refuses a message count with a message that says so.
 *
 * <p>Numbers may group digits with single underscores, as in Java literals: {@code 1_000_000}.
 */
package org.maestro.common.units;
