package org.maestro.inspector.amqp;

import org.maestro.common.util.Passwords;
import org.maestro.common.util.SafeText;
import org.maestro.common.util.UrlParts;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * An AMQP management node, parsed from {@code amqp[s]://[user:password@]host:port[/address][?options]}. The
 * address is the management node's, {@code $management} when none is given (a router's or broker's own;
 * on Qpid Broker-J, the virtual host's, chosen with {@code amqp.vhost=}). Options starting with
 * {@code jms.}, {@code amqp.} or {@code transport.} go to the qpid-jms connection unchanged; anything else
 * is an error.
 *
 * @param clientOptions the qpid-jms options
 */
public record ManagementUrl(String scheme, String host, int port, String address, String user, String password,
                            Map<String, String> clientOptions) {
    public static final String DEFAULT_ADDRESS = "$management";
    private static final List<String> PASSED_ON = List.of("jms.", "amqp.", "transport.");

    public static ManagementUrl parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("no AMQP management URL given: expected e.g. amqp://admin:admin@127.0.0.1:5672");
        }
        URI uri;
        try {
            uri = new URI(text.trim());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("bad AMQP management URL '" + SafeText.of(Passwords.redact(text)) + "': " + Passwords.reason(e)
                    + "; special characters (in a password too) must be percent-encoded");
        }
        String shown = Passwords.redact(uri);
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase();
        if (!scheme.equals("amqp") && !scheme.equals("amqps")) {
            throw new IllegalArgumentException("bad AMQP management URL '" + shown + "': scheme must be amqp:// or amqps://");
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("bad AMQP management URL '" + shown + "': no host");
        }
        Map<String, String> client = new LinkedHashMap<>();
        for (Map.Entry<String, String> option : UrlParts.options(uri).entrySet()) {
            if (PASSED_ON.stream().noneMatch(option.getKey()::startsWith)) {
                throw new IllegalArgumentException("bad AMQP management URL '" + shown + "': unknown option '" + SafeText.of(option.getKey())
                        + "' (qpid-jms options start with jms., amqp. or transport.)");
            }
            client.put(option.getKey(), option.getValue());
        }
        String path = uri.getPath() == null ? "" : uri.getPath();
        String address = path.startsWith("/") ? path.substring(1) : path;
        String[] credentials = UrlParts.credentials(uri);
        int port = uri.getPort() == -1 ? (scheme.equals("amqps") ? 5671 : 5672) : uri.getPort();
        return new ManagementUrl(scheme, uri.getHost(), port, address.isEmpty() ? DEFAULT_ADDRESS : address,
                credentials[0], credentials[1], Map.copyOf(client));
    }

    /** The qpid-jms connection URI: no credentials (they go to the factory), the client options kept. */
    public String connectionUri() {
        String query = clientOptions.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining("&"));
        String hostPart = host.contains(":") ? "[" + host + "]" : host;
        return scheme + "://" + hostPart + ":" + port + (query.isEmpty() ? "" : "?" + query);
    }

    /** As shown in messages: no password, no options. */
    @Override
    public String toString() {
        return scheme + "://" + (user.isEmpty() ? "" : user + "@") + host + ":" + port + "/" + address;
    }
}
