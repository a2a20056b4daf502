package org.maestro.common.dataserver;

import java.util.Locale;
import java.util.Map;

/** The Content-Type the data server sends for a file name, by its extension. */
final class ContentTypes {
    static final String OCTET_STREAM = "application/octet-stream";
    static final String TEXT = "text/plain; charset=utf-8";

    private static final Map<String, String> BY_EXTENSION = Map.of(
            "json", "application/json",
            "csv", "text/csv; charset=utf-8",
            "html", "text/html; charset=utf-8",
            "htm", "text/html; charset=utf-8",
            "txt", TEXT,
            "log", TEXT,
            "hlog", TEXT);

    private ContentTypes() {
    }

    /** The type for {@code fileName}: json, csv, html and text files by extension, else octet-stream. */
    static String of(String fileName) {
        int dot = fileName.lastIndexOf('.');
        if (dot < 0) {
            return OCTET_STREAM;
        }
        return BY_EXTENSION.getOrDefault(fileName.substring(dot + 1).toLowerCase(Locale.ROOT), OCTET_STREAM);
    }
}
