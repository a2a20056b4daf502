package org.maestro.common.dataserver;

/**
 * One file in a {@link Manifest}.
 *
 * @param path     relative to the server's data directory, '/' separators
 * @param size     bytes, as read at listing time
 * @param sha256   hex SHA-256 of exactly those {@code size} bytes
 * @param modified last modification time, ISO-8601 in UTC (e.g. {@code 2025-01-31T12:00:00.123Z})
 */
public record ManifestEntry(String path, long size, String sha256, String modified) {
}
