package org.maestro.common.ratelog;

/**
 * The file header of a rate log.
 *
 * @param formatVersion        the format version the file was written with
 * @param testStartEpochMicros the test start, microseconds since the Unix epoch; every eta and ata
 *                             in the file is relative to it
 * @param label                free text naming the writer, e.g. the peer name and role
 */
public record RateLogHeader(int formatVersion, long testStartEpochMicros, String label) {
}
