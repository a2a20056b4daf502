package org.maestro.client.data;

import java.util.List;

/**
 * What {@link DataClient#fetchAll} downloaded.
 *
 * @param files                 how many files
 * @param bytes                 how many bytes in all
 * @param changedSinceManifest  files (relative to the target directory, '/' separators) whose checksum at
 *                              download differed from the manifest's: they were still being written. Not
 *                              an error: what was downloaded matches the checksum the server sent with it.
 */
public record FetchResult(int files, long bytes, List<String> changedSinceManifest) {
    public FetchResult {
        changedSinceManifest = List.copyOf(changedSinceManifest);
    }
}
