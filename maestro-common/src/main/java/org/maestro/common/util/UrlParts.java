package org.maestro.common.util;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** The parts of a URL that Maestro's URLs share: credentials in the user info, options in the query. */
public final class UrlParts {
    private UrlParts() {
    }

    /** {user, password} from {@code user:pass@}, decoded; {"", ""} when there is none. */
    public static String[] credentials(URI uri) {
        if (uri.getRawUserInfo() == null) {
            return new String[]{"", ""};
        }
        String[] parts = uri.getRawUserInfo().split(":", 2);
        return new String[]{decode(parts[0]), parts.length > 1 ? decode(parts[1]) : ""};
    }

    /**
     * The query's options in order, decoded. An option without {@code =value} has the value "".
     */
    public static Map<String, String> options(URI uri) {
        Map<String, String> out = new LinkedHashMap<>();
        String raw = uri.getRawQuery();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        for (String pair : raw.split("&")) {
            String[] kv = pair.split("=", 2);
            out.put(decode(kv[0]), kv.length > 1 ? decode(kv[1]) : "");
        }
        return out;
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }
}
