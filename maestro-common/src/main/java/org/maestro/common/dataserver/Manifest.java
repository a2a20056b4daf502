package org.maestro.common.dataserver;

import java.util.List;

/**
 * What {@code GET /manifest?dir=...} returns: every regular file under a directory, recursively, sorted
 * by path. Symbolic links are not listed.
 *
 * @param root  the directory listed, relative to the data directory ("" for the data directory itself)
 * @param files the files, paths relative to the data directory (so each starts with {@code root + "/"})
 */
public record Manifest(String root, List<ManifestEntry> files) {
    public Manifest {
        files = List.copyOf(files);
    }
}
