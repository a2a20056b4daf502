package org.maestro.inspector.jolokia;

import org.maestro.common.util.Passwords;
import org.maestro.common.util.SafeText;
import org.maestro.common.util.UrlParts;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;

/**
 * A Jolokia agent, parsed from {@code http[s]://[user:password@]host:port/path[?origin=...]}, e.g.
 * {@code http://admin:admin@broker.lab:8161/console/jolokia} for Artemis. The user and password go in a
 * basic-auth header. Every request carries an {@code Origin} header, which Artemis' console requires (its
 * Jolokia refuses a request without an allowed one, with HTTP 200 and {@code "status":403} in the body);
 * by default it is the endpoint's own {@code scheme://host[:port]}, as a browser on the console would send,
 * and the option {@code origin=} replaces it.
 *
 * @param uri      the endpoint without credentials or options: where requests go
 * @param user     "" for none
 * @param password "" for none
 * @param origin   the Origin header
 */
public record JolokiaEndpoint(URI uri, String user, String password, String origin) {

    public static JolokiaEndpoint parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("no Jolokia URL given: expected e.g. http://admin:admin@127.0.0.1:8161/console/jolokia");
        }
        URI uri;
        try {
            uri = new URI(text.trim());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("bad Jolokia URL '" + SafeText.of(Passwords.redact(text)) + "': " + Passwords.reason(e)
                    + "; special characters (in a password too) must be percent-encoded");
        }
        String shown = Passwords.redact(uri);
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase();
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("bad Jolokia URL '" + shown + "': scheme must be http:// or https://");
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("bad Jolokia URL '" + shown + "': no host");
        }
        String origin = scheme + "://" + uri.getHost() + (uri.getPort() == -1 ? "" : ":" + uri.getPort());
        for (Map.Entry<String, String> option : UrlParts.options(uri).entrySet()) {
            if (option.getKey().equals("origin")) {
                origin = option.getValue();
            } else {
                throw new IllegalArgumentException("bad Jolokia URL '" + shown + "': unknown option '" + SafeText.of(option.getKey())
                        + "' (the only one is origin=, the Origin header to send)");
            }
        }
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        // Jolokia answers POSTs of bulk requests at its base URL; a trailing '/' is harmless either way.
        URI target = URI.create(scheme + "://" + uri.getRawAuthority().replaceFirst("^.*@", "") + path);
        String[] credentials = UrlParts.credentials(uri);
        return new JolokiaEndpoint(target, credentials[0], credentials[1], origin);
    }

    public boolean hasCredentials() {
        return !user.isEmpty();
    }

    /** The URL as shown in messages: no password. */
    @Override
    public String toString() {
        return uri.toString();
    }
}
